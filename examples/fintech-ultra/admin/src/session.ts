export function saveSession(token: string, refreshToken: string) {
  localStorage.setItem('paylane.token', token);
  localStorage.setItem('paylane.refresh', refreshToken);
  document.cookie = `paylane_session=${token}; path=/`;
}

export function redirectAfterLogin() {
  const next = new URLSearchParams(window.location.search).get('next') || '/';
  window.location.href = next;
}
