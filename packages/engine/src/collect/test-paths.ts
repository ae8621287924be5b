// Which files are tests: shared by the real context and the analyzer test context so both agree.
const TEST_PATH = /(^|\/)(tests?|__tests__|spec|specs)\/|[._-](test|spec)\.[a-z]+$|(^|\/)test_[^/]*\.py$|_test\.(py|go)$/;

export function isTestPath(path: string): boolean {
  return TEST_PATH.test(path);
}
