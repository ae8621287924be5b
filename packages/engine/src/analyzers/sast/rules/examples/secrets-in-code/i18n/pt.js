// A translation catalogue: keys name fields, values are their labels.
window.localisation = window.localisation || {};
window.localisation.pt = {
  // ok: js.secrets.hardcoded-credential
  password: 'Senha-do-usuario',
  // ok: js.secrets.hardcoded-credential
  api_key: 'Chave-da-API',
};
