// Stores one public form message (contact or beta application) inside the caller's transaction.
import type { TxExecutor } from '../db/transaction';

export interface FormMessage {
  kind: 'contact' | 'beta';
  name: string;
  email: string;
  company: string;
  /** Contact: the industry; beta: the programming language. */
  topic: string;
  message: string;
  clientIp: string | null;
}

export async function insertFormMessage(tx: TxExecutor, m: FormMessage): Promise<string> {
  const { rows } = await tx.executeSql(
    `insert into form_messages (kind, name, email, company, topic, message, client_ip)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [m.kind, m.name, m.email, m.company, m.topic, m.message, m.clientIp],
  );
  return (rows[0] as { id: string }).id;
}

/** The e-mail to the support address: every field, plainly, so support can answer from their mail client. */
export function supportMail(to: string, m: FormMessage, extra: string[] = []) {
  const label = m.kind === 'contact' ? 'Contact' : 'Beta application';
  const lines = [
    `${label} from ${m.name} <${m.email}>`,
    `Company: ${m.company || 'Not specified'}`,
    `${m.kind === 'contact' ? 'Industry' : 'Programming language'}: ${m.topic || 'Not specified'}`,
    ...extra,
    '',
    m.message,
  ];
  return { to, subject: `${label}: ${m.name}`.slice(0, 300), text: lines.join('\n') };
}
