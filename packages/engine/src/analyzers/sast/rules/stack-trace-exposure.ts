// A formatted stack trace put into what the client receives: returned, passed to a response builder, or stored
// under an error/debug/exception/stack key of the response body. Traces name files, library versions and code
// paths (CWE-209). Logging a trace (logger.error(traceback.format_exc())) is the right thing and not matched.
import type { SgNode } from '@ast-grep/napi';
import { OWASP, cweRef, defineRules, owaspRef, pyCall } from './meta';

const RESPONSE_CALL = /^(\w+\.)*(jsonify|Response|make_response|HttpResponse|JsonResponse|JSONResponse|PlainTextResponse|HTMLResponse|render_template|render|abort)$/;
/** The last key of a subscript target: `body['extensions']['exception']['debug']`. */
const ERROR_KEY = /\[\s*['"](debug|exception|stack\w*|trace\w*|error|detail)['"]\s*\]$/;

function reachesClient(call: SgNode): boolean {
  for (const a of call.ancestors()) {
    const k = a.kind() as string;
    if (k === 'return_statement') return true;
    if (k === 'call') {
      const fn = a.field('function')?.text() ?? '';
      if (/(^|\.)(log|logger|logging|debug|info|warning|warn|error|exception|critical|print|write)$/.test(fn) || /log/i.test(fn)) return false;
      if (RESPONSE_CALL.test(fn)) return true;
    }
    if (k === 'assignment') {
      const left = a.field('left');
      return !!left && (left.kind() as string) === 'subscript' && ERROR_KEY.test(left.text());
    }
    if (/^(function_definition|class_definition|module)$/.test(k)) return false;
  }
  return false;
}

export const stackTraceExposureRules = defineRules([
  {
    id: 'py.logging.stack-trace-in-response',
    title: 'Stack trace sent to the client',
    pack: 'logging-privacy',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-209'],
    owasp: [OWASP.A05],
    message: 'traceback.format_exc()/format_stack() is returned or put into the response body.',
    impact: 'Attackers learn file paths, library versions and code structure, and sometimes data, from provoked errors.',
    fix: { guidance: 'Log the trace on the server and return a generic error with a correlation id.', example: "logger.exception('query failed'); return jsonify(error='internal error', id=request_id), 500" },
    references: [cweRef(209, 'Generation of Error Message Containing Sensitive Information'), owaspRef('A05')],
    tree: { python: [pyCall(['format_exc', 'format_stack', 'format_exception'], '(traceback\\.)?(format_exc|format_stack|format_exception)', reachesClient)] },
  },
]);
