// The landing page's copy (spec section 2). Every sentence must be true of the product as shipped: the CLI keeps
// code local; a web scan runs on our server in an isolated folder and its code is deleted afterwards; no AI model
// runs in the pipeline unless the operator configured one (then the server sends the AI_VALIDATION_LIVE variant).
import { BookOpenCheck, Cpu, EyeOff, FileText, Layers, Lock, Mail, ServerCog, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';

export interface Card {
  title: string;
  text: string;
  icon: LucideIcon;
  badge?: string;
}

export const CLAIMS: Card[] = [
  { title: 'Scans Locally', text: 'The duescan command-line tool scans your project on your own machine.', icon: ServerCog },
  {
    title: 'Code Stays Private',
    text: 'With the CLI your code never leaves your machine. A web scan runs in an isolated folder on our server and the code is deleted when the scan ends.',
    icon: Lock,
  },
  {
    title: 'Anonymized Findings',
    text: 'The CLI uploads only anonymized findings and metadata: no source code, no snippets, hashed file paths.',
    icon: EyeOff,
  },
  { title: 'Email Delivery', text: 'Your PDF report is e-mailed to you when the scan completes, and stays on your Reports page.', icon: Mail },
];

export const STRENGTHS: Card[] = [
  {
    title: 'Privacy-First Architecture',
    text: 'Scan where your code lives with the CLI; we only receive anonymized findings. Web scans delete the code after the scan.',
    icon: ShieldCheck,
  },
  {
    title: 'Multi-Model AI Validation',
    text: 'Not in today’s reports: every finding comes from deterministic scanners, so the same code gives the same report. Model-based validation is on our roadmap.',
    icon: Cpu,
    badge: 'Roadmap',
  },
  { title: 'From Free to Enterprise', text: 'Start with a free Quick scan; go deeper with Pro, Enterprise or Ultra.', icon: Layers },
  { title: 'Professional PDF Reports', text: 'A security score, findings mapped to CWE and OWASP Top 10, and fix guidance.', icon: FileText },
  { title: 'Lightning Fast Scanning', text: 'Scans run in parallel worker threads: each sample report below was scanned and rendered in under 5 seconds.', icon: Zap },
];

export const WHY: { title: string; text: string }[] = [
  { title: 'Real sample reports', text: 'The four reports below were produced by DueScan itself from demo projects. Open them before you buy.' },
  {
    title: 'Findings you can act on',
    text: 'Each finding names its CWE and OWASP Top 10 category, the file and line, and how to fix it.',
  },
  {
    title: 'One transparent pipeline',
    text: 'Static-analysis rule packs, dependency advisories, secret detection, licenses, code quality and git history, combined into one explainable security score.',
  },
  {
    title: 'Built for founders',
    text: 'Made for startups preparing for a seed or Series A round, and readable by the investors who review them.',
  },
];

export const WHY_ICON = BookOpenCheck;

/** The AI card when this server has models configured (AI_MODELS): what the reports then really contain. */
export const AI_VALIDATION_LIVE: Card = {
  title: 'Multi-Model AI Validation',
  text: 'The AI models configured on this service review the critical and high findings of web scans, and each report shows their verdicts and names the models. Findings and the score still come from deterministic scanners: the models explain, they never change a severity.',
  icon: Cpu,
};

export function strengthsFor(aiValidation: boolean): Card[] {
  return aiValidation ? STRENGTHS.map((card) => (card.title === AI_VALIDATION_LIVE.title ? AI_VALIDATION_LIVE : card)) : STRENGTHS;
}
