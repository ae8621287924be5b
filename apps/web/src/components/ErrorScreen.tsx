import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@duescan/contracts';

// The root errorElement: unknown routes and failing loaders land here. No stack traces on screen.
export function ErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{notFound ? '404' : 'Error'}</p>
      <h1 className="text-3xl font-bold text-slate-900">{MESSAGES.unexpectedError}</h1>
      <p className="max-w-md text-slate-600">
        {notFound ? 'This page does not exist.' : 'Something went wrong while loading this page. Please try again.'}
      </p>
      <Link
        to="/"
        reloadDocument
        className="mt-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
      >
        Back to home
      </Link>
    </main>
  );
}
