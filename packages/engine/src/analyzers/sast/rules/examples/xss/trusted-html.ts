// @ts-nocheck
import DOMPurify from 'dompurify';

export class Preview {
  constructor(private sanitizer: DomSanitizer) {}

  show(html: string, url: string) {
    // ruleid: js.xss.angular-bypass-security-trust
    this.content = this.sanitizer.bypassSecurityTrustHtml(html);
    // ruleid: js.xss.angular-bypass-security-trust
    this.link = this.sanitizer.bypassSecurityTrustResourceUrl(url);
    // ok: js.xss.angular-bypass-security-trust
    this.icon = this.sanitizer.bypassSecurityTrustHtml('<svg></svg>');
    // ok: js.xss.angular-bypass-security-trust
    this.clean = this.sanitizer.bypassSecurityTrustHtml(DOMPurify.sanitize(html));
  }

  embed(url: string) {
    const parsed = new URL(url);
    if (!['https:'].includes(parsed.protocol) || !ALLOWED_ORIGINS.has(parsed.origin)) {
      return this.sanitizer.bypassSecurityTrustResourceUrl('');
    }
    // ok: js.xss.angular-bypass-security-trust
    return this.sanitizer.bypassSecurityTrustResourceUrl(parsed.toString());
  }
}
