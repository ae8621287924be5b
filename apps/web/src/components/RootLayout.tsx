import { Outlet } from 'react-router';
import { SessionProvider } from '../session/SessionProvider';

export function RootLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
