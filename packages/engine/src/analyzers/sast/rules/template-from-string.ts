// Audit sinks for code built from strings where no request source is proven: a template source assembled with
// %, format or an f-string and rendered (render_template_string, jinja2 Template, from_string), and Pillow's
// ImageMath.eval of a non-constant expression. Interpolating data into a template's source runs it as template
// code (SSTI; with Jinja2 that reaches Python objects), where passing it as a variable would escape it.
// When the taint engine proves a request value gets there it reports the injection on the same line (high)
// and this finding is dropped as covered.
import type { SgNode } from '@ast-grep/napi';
import { isConstant, kwarg, positionalArgs, pyBuilt, resolveLocal } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, owaspRef, pyCall } from './meta';

const builtSource = (n: SgNode) => pyBuilt(resolveLocal(positionalArgs(n)[0] ?? kwarg(n, 'source')));

export const templateFromStringRules = defineRules([
  {
    id: 'py.injection.template-source-built',
    title: 'Template source assembled from strings (needs review)',
    pack: 'injection',
    languages: ['python'],
    // an audit finding: where the taint analysis traces a request value into the source it reports template injection
    // itself; untraced, 0 of 5 sampled on 184 real projects held user text (admin-edited templates, fixed strings)
    signal: 'weak',
    severity: 'medium',
    confidence: 'low',
    cwe: ['CWE-1336', 'CWE-94'],
    owasp: [OWASP.A03],
    message: 'render_template_string / Template / from_string renders a template whose source was built with %, format or an f-string.',
    impact: 'Any interpolated value that carries user text is executed as template code: data disclosure, and with Jinja2 often code execution.',
    fix: { guidance: 'Keep the template source constant and pass values as template variables.', example: "render_template_string('<h3>{{ url }}</h3>', url=request.url)" },
    references: [cweRef(1336, 'Improper Neutralization of Special Elements Used in a Template Engine'), owaspRef('A03'), cheatSheet('Injection_Prevention')],
    tree: { python: [pyCall(['render_template_string', 'Template', 'from_string'], '(\\w+\\.)*(render_template_string|Template|from_string)', builtSource)] },
  },
  {
    id: 'py.injection.imagemath-eval',
    title: 'Pillow ImageMath.eval of a non-constant expression',
    pack: 'injection',
    languages: ['python'],
    severity: 'medium',
    confidence: 'medium',
    cwe: ['CWE-95'],
    owasp: [OWASP.A03],
    message: 'ImageMath.eval / unsafe_eval evaluates an expression that is not a constant.',
    impact: 'The expression is evaluated as Python; older Pillow releases (< 9.0.1, CVE-2022-22817) let it run arbitrary code.',
    fix: { guidance: 'Map user choices to fixed expressions, or use ImageMath.lambda_eval with a function you wrote.', example: "ImageMath.lambda_eval(lambda args: args['a'] + args['b'], a=im1, b=im2)" },
    references: [cweRef(95, 'Eval Injection'), owaspRef('A03')],
    tree: {
      python: [
        pyCall(['ImageMath'], '(\\w+\\.)*ImageMath\\.(eval|unsafe_eval)', (n) => {
          const expr = positionalArgs(n)[0];
          return !!expr && !isConstant(expr);
        }),
      ],
    },
  },
]);
