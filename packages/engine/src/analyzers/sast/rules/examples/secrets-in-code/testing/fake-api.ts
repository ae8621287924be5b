// @ts-nocheck
// Test-support folder (testing/, fixtures/, mocks/, bench/ ...): credentials here log into throwaway fixtures,
// so the hard-coded credential rules skip the folder even for real-looking values.
export function fakeUser(overrides = {}) {
  return {
    email: 'founder@example.com',
    // ok: js.secrets.hardcoded-credential
    password: 'Tr0ub4dor&3',
    // ok: js.secrets.hardcoded-credential
    api_token: 'k8Jq2mZx9Lw4Rt7Vb3Nc',
    ...overrides,
  };
}
