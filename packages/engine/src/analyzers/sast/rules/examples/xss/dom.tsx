// @ts-nocheck
import DOMPurify from 'dompurify';

export function render(el: HTMLElement, message: string, html: string) {
  // ruleid: js.xss.html-sink-dynamic
  el.innerHTML = '<p>' + message + '</p>';
  // ruleid: js.xss.html-sink-dynamic
  el.innerHTML += `<li>${message}</li>`;
  // ruleid: js.xss.html-sink-dynamic
  document.write(message);
  // ruleid: js.xss.html-sink-dynamic
  el.insertAdjacentHTML('beforeend', html);
  // ok: js.xss.html-sink-dynamic
  el.innerHTML = '';
  // ok: js.xss.html-sink-dynamic
  el.innerHTML = DOMPurify.sanitize(html);
  // ok: js.xss.html-sink-dynamic
  el.textContent = message;
}

export function Bio({ bio }: { bio: string }) {
  return (
    <div>
      {/* ruleid: js.xss.react-dangerously-set-inner-html */}
      <section dangerouslySetInnerHTML={{ __html: bio }} />
      {/* ok: js.xss.react-dangerously-set-inner-html */}
      <section dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(bio) }} />
      {/* ok: js.xss.react-dangerously-set-inner-html */}
      <section dangerouslySetInnerHTML={{ __html: '<br/>' }} />
    </div>
  );
}
