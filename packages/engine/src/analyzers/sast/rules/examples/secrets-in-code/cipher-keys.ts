import crypto from 'node:crypto';

export class TokenService {
  // ruleid: js.crypto.hardcoded-cipher-key
  static KEY = 'aneuck27sSi2m3b$';
  // ruleid: js.crypto.hardcoded-iv
  static IV = 'super_secure_iv2';
  // ok: js.crypto.hardcoded-cipher-key
  static ALGORITHM = 'aes-128-cbc';

  static encrypt(data: string): string {
    const cipher = crypto.createCipheriv(TokenService.ALGORITHM, Buffer.from(TokenService.KEY), TokenService.IV);
    return Buffer.concat([cipher.update(data), cipher.final()]).toString('hex');
  }
}

// ruleid: js.crypto.hardcoded-cipher-key
const MAC_KEY = 'kd8ehais9)i3n!na';
export const tag = (body: string) => crypto.createHmac('sha256', MAC_KEY).update(body).digest('hex');

export function fromEnvironment(data: string): string {
  // ok: js.crypto.hardcoded-cipher-key
  const label = 'envelope';
  const key = Buffer.from(process.env.DATA_KEY ?? '', 'base64');
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  return label + cipher.update(data, 'utf8', 'hex');
}

// ok: js.crypto.hardcoded-iv
export const IV_LENGTH = '16';
export const fresh = () => crypto.createCipheriv('aes-256-gcm', Buffer.from(process.env.DATA_KEY ?? '', 'base64'), crypto.randomBytes(Number(IV_LENGTH)));
