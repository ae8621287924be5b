import { Link } from 'react-router';
import { PLANS } from '@duescan/contracts';
import { Command, ContentPage, ContentSection } from '../../components/ContentPage';
import { PLAN_COPY } from '../pricing/plan-copy';
import { usePageTitle } from '../../components/use-page-title';

export function GetStartedPage() {
  usePageTitle('Get started');
  return (
    <ContentPage
      eyebrow="Docs"
      title="Get started"
      lead="DueScan scans your project on your own machine and uploads only anonymized findings and metadata."
    >
      <ContentSection title="Prerequisites">
        <ul className="list-disc space-y-1 pl-5">
          <li>A DueScan account (free).</li>
          <li>The project you want to scan, checked out on your machine.</li>
        </ul>
      </ContentSection>
      <ContentSection title="First free scan">
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            <Link to="/register" className="font-semibold text-indigo-600 hover:text-indigo-500">
              Create an account
            </Link>
            : new accounts start on the free Quick plan.
          </li>
          <li>
            Copy your API key from the{' '}
            <Link to="/account" className="font-semibold text-indigo-600 hover:text-indigo-500">
              Account
            </Link>{' '}
            page.
          </li>
          <li>Run the scan from your project folder:</li>
        </ol>
        <Command>duescan scan . --token YOUR_API_KEY --upload</Command>
        <p>The scan appears under Scans, and its report under Reports when it completes.</p>
      </ContentSection>
      <ContentSection title="Package comparison">
        <table className="w-full text-left">
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-2">Package</th>
              <th className="py-2">Price</th>
              <th className="py-2">Static-analysis rules</th>
              <th className="py-2">Best for</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PLANS.filter((plan) => plan.id !== 'custom').map((plan) => (
              <tr key={plan.id}>
                <td className="py-2 font-medium text-slate-900">{plan.name}</td>
                <td className="py-2">{plan.price === null ? 'Free' : `$${plan.price}`}</td>
                <td className="py-2">{plan.rulePacks ? plan.rulePacks : 'Top 10 critical/high findings'}</td>
                <td className="py-2">{capitalize(PLAN_COPY[plan.id].bestFor.replace(/^Best for /, ''))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ContentSection>
      <ContentSection title="Next steps">
        <p>
          Compare the packages on the{' '}
          <Link to="/pricing" className="font-semibold text-indigo-600 hover:text-indigo-500">
            pricing page
          </Link>{' '}
          or{' '}
          <Link to="/contact" className="font-semibold text-indigo-600 hover:text-indigo-500">
            contact us
          </Link>{' '}
          with questions.
        </p>
      </ContentSection>
    </ContentPage>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
