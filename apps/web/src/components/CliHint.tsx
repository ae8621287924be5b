import { Link } from 'react-router';

/** How to start a scan today: the CLI scans locally and uploads anonymized findings. */
export function CliHint() {
  return (
    <div className="mx-auto max-w-lg text-sm text-slate-600">
      <p>Run a scan on your own machine with the DueScan command-line tool, using the API key from your account:</p>
      <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 text-left font-mono text-xs text-slate-100">
        {/* The CLI has no built-in server: name this service's own address (`duescan login` saves it once). */}
        {`duescan scan . --upload --api-url ${window.location.origin} --token YOUR_API_KEY`}
      </pre>
      <p className="mt-3">
        Your API key is on the{' '}
        <Link to="/account" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Account
        </Link>{' '}
        page.
      </p>
    </div>
  );
}
