// The four sample reports of the landing page gallery: which demo project, which package, and the card
// texts of the spec (section 3, "Sample report card").
import type { Tier } from '@duescan/engine';

export interface SampleSpec {
  id: string;
  /** Folder under examples/. */
  example: string;
  package: Tier;
  projectName: string;
  title: string;
  description: string;
  /** Card bullets: the spec's, except its AI claims, replaced by what the report really contains (no AI runs yet). */
  features: string[];
}

export const SAMPLES: SampleSpec[] = [
  {
    id: 'sample-quick',
    example: 'flask-quick',
    package: 'quick',
    projectName: 'Notekeeper (Flask)',
    title: 'Flask App',
    description: 'Baseline security scan',
    features: ['Automated codebase scan', 'Basic security issues', 'Simple PDF report'],
  },
  {
    id: 'sample-pro',
    example: 'react-node-pro',
    package: 'pro',
    projectName: 'Teamboard (React + Node.js)',
    title: 'React/Node.js App',
    description: 'React front end with a Node.js/Express API',
    features: ['Static analysis with 4 rules', 'Dependency vulnerability scan', 'Investor-ready executive summary'],
  },
  {
    id: 'sample-enterprise',
    example: 'microservices-enterprise',
    package: 'enterprise',
    projectName: 'Shipfast (microservices)',
    title: 'Microservices',
    description: 'Python and Node.js services behind an API gateway',
    features: ['Static analysis with 8 rules', 'IDOR and access-control checks', 'Cross-file analysis'],
  },
  {
    id: 'sample-ultra',
    example: 'fintech-ultra',
    package: 'ultra',
    projectName: 'Paylane (FinTech platform)',
    title: 'FinTech Platform',
    description: 'Payments API, ledger, back office and deployment pipeline',
    features: ['Static analysis with 14 rules', 'Git history and team signals', 'Exploitation scenarios'],
  },
];
