import { useEffect } from 'react';

export function Welcome() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const banner = document.getElementById('welcome-banner');
    banner.innerHTML = 'Welcome back, ' + params.get('name');
  }, []);
  return <div id="welcome-banner" />;
}
