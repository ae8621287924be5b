import { Link } from 'react-router';
import cliDownloads from 'virtual:cli-downloads';
import { COPY_CONFIRM_DOCS_MS, UPLOAD_TOKEN_RETRIES } from '@duescan/contracts';
import { Command, ContentPage, ContentSection } from '../../components/ContentPage';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';
import { PackageComparison } from './PackageComparison';

const linkStyle = 'font-semibold text-indigo-700 hover:text-indigo-500';

function Copyable({ children }: { children: string }) {
  return <Command copyMs={COPY_CONFIRM_DOCS_MS}>{children}</Command>;
}

export function GetStartedPage() {
  usePageMeta(PAGE_META['/docs/get-started']);
  return (
    <ContentPage eyebrow="Docs" title="Get started" lead="DueScan scans your project on your own machine and uploads only anonymized findings and metadata.">
      <ContentSection title="1. Prerequisites">
        <ul className="list-disc space-y-1 pl-5">
          <li>Node.js 20.19 or newer.</li>
          <li>The project you want to scan, checked out on your machine (git history is read when present).</li>
          <li>A DueScan account (free) if you want your reports on the website.</li>
        </ul>
      </ContentSection>
      <ContentSection title="2. Download the CLI and check its checksum">
        <Downloads />
      </ContentSection>
      <ContentSection title="3. First free scan">
        <p>Scan the current folder locally; the report files are written to ./duescan-report:</p>
        <Copyable>duescan scan . --format json,pdf</Copyable>
        <p>
          Nothing leaves your machine. To see the report in your account too,{' '}
          <Link to="/register" className={linkStyle}>
            create an account
          </Link>{' '}
          (it starts on the free Quick plan) and upload as shown in the next step.
        </p>
      </ContentSection>
      <ContentSection title="4. Using tokens">
        <p>
          Your API key is on the{' '}
          <Link to="/account" className={linkStyle}>
            Account
          </Link>{' '}
          page. Pass it with <code>--token</code> or set it once in your shell:
        </p>
        <Copyable>export DUESCAN_TOKEN=YOUR_API_KEY</Copyable>
        <Copyable>duescan scan . --upload --api-url https://your-duescan-server</Copyable>
        <p>
          The upload is the anonymized report only: no source code, no snippets, hashed file paths. Each upload uses one scan credit
          (Ultra: unlimited). Every upload carries a single-use scan token, so when the network fails the CLI retries up to{' '}
          {UPLOAD_TOKEN_RETRIES} times without spending a second credit.
        </p>
      </ContentSection>
      <ContentSection title="5. Package comparison">
        <PackageComparison />
      </ContentSection>
      <ContentSection title="6. Basic commands">
        <Copyable>duescan scan . --package pro --format json,sarif,html,pdf,sbom --out duescan-report</Copyable>
        <p>Choose the depth and the outputs (JSON, SARIF for code scanning, HTML, PDF, CycloneDX SBOM).</p>
        <Copyable>duescan scan . --fail-on high</Copyable>
        <p>In CI: exit code 1 when a finding is high or critical.</p>
        <Copyable>duescan advisories update</Copyable>
        <p>Refresh the local vulnerability database (OSV data for npm, PyPI and Maven).</p>
        <Copyable>duescan scan --help</Copyable>
        <p>Every option, with the exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error, 3 scan error.</p>
      </ContentSection>
      <ContentSection title="7. Next steps">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Compare the plans on the{' '}
            <Link to="/pricing" className={linkStyle}>
              pricing page
            </Link>
            .
          </li>
          <li>
            Start scans from a repository URL or an archive on the Scans page, and download reports from Reports.
          </li>
          <li>
            Questions?{' '}
            <Link to="/contact" className={linkStyle}>
              Contact us
            </Link>{' '}
            or{' '}
            <Link to="/beta-testers" className={linkStyle}>
              join the beta
            </Link>
            .
          </li>
        </ul>
      </ContentSection>
    </ContentPage>
  );
}

/** The CLI artefacts this server publishes, with the SHA-256 written at build time (public/downloads/SHA256SUMS). */
function Downloads() {
  if (cliDownloads.length === 0) {
    return (
      <>
        <p>
          The prebuilt CLI download is not available in this build (no <code>/downloads/SHA256SUMS</code> was published with it). Build the CLI
          from the DueScan repository instead:
        </p>
        <Copyable>npm ci && npm run build -w duescan && node packages/cli/dist/duescan.mjs --help</Copyable>
      </>
    );
  }
  return (
    <>
      <ul className="space-y-3">
        {cliDownloads.map((download) => (
          <li key={download.filename} className="rounded-lg border border-slate-200 p-3">
            <a href={`/downloads/${download.filename}`} download className={linkStyle}>
              {download.filename}
            </a>
            <p className="mt-1 text-xs text-slate-600">SHA-256</p>
            <code className="block font-mono text-xs break-all text-slate-800" data-testid={`sha256-${download.filename}`}>
              {download.sha256}
            </code>
          </li>
        ))}
      </ul>
      <p>
        Check the download before running it: save{' '}
        <a href="/downloads/SHA256SUMS" download className={linkStyle}>
          SHA256SUMS
        </a>{' '}
        in the same folder and run
      </p>
      <Copyable>sha256sum -c SHA256SUMS --ignore-missing</Copyable>
      <p>
        The commands below write <code>duescan</code>; with a downloaded <code>.mjs</code> file, run <code>node</code> with that file in its
        place.
      </p>
    </>
  );
}
