import { describe, expect, it } from 'vitest';
import { makeFinding } from '../../testing/make-finding';
import type { Finding } from '../../types';
import { capLocalModeInput } from './local-mode';

const handler = (gate: string) =>
  [
    'class ProjectHandler:',
    '    @Route.post(r"/projects/load")',
    '    async def load(request, response):',
    '        config = Config.instance()',
    '        path = request.json.get("path")',
    ...gate.split('\n').map((l) => `        ${l}`),
    '        project = await controller.load_project(path)',
    '        response.json(project)',
    '',
    '    async def other(request, response):',
    '        path = request.json.get("path")',
    '        return open(path).read()',
    '',
  ].join('\n');

const flow = (line: number, ruleId = 'py.path-file.traversal-taint', severity: Finding['severity'] = 'high'): Finding =>
  makeFinding({
    ruleId,
    severity,
    location: { file: 'controller/topology.py', startLine: 40, endLine: 40 },
    trace: [
      { kind: 'source', file: 'handlers/project.py', line, label: 'request.json' },
      { kind: 'sink', file: 'controller/topology.py', line: 40, label: 'open(path)' },
    ],
  });

const run = (text: string, findings: Finding[]) => capLocalModeInput(findings, (f) => (f === 'handlers/project.py' ? text : undefined)).map((f) => f.severity);

describe('input a server accepts only in local mode', () => {
  it('a handler that refuses (403) unless the server runs in local mode takes the local user\'s input: capped low', () => {
    const gate = 'if config.get_section_config("Server").getboolean("local", False) is False:\n    response.set_status(403)\n    return';
    expect(run(handler(gate), [flow(5)])).toEqual(['low']);
    expect(run(handler('if not settings.LOCAL_MODE:\n    abort(403)'), [flow(5)])).toEqual(['low']);
  });

  it('another handler of the same file, a gate on something else, or a code-running sink keeps its severity', () => {
    const gate = 'if config.get_section_config("Server").getboolean("local", False) is False:\n    response.set_status(403)\n    return';
    expect(run(handler(gate), [flow(14)])).toEqual(['high']);
    expect(run(handler('if not config.get("enable_import"):\n    response.set_status(403)\n    return'), [flow(5)])).toEqual(['high']);
    expect(run(handler('if not user.is_local:\n    response.set_status(403)\n    return'), [flow(5)])).toEqual(['high']);
    expect(run(handler(gate), [flow(5, 'py.injection.command-taint', 'critical')])).toEqual(['critical']);
    // a gate nested in a condition on something else guards only that branch
    expect(run(handler('if request.get("path"):\n    if config.getboolean("local", False) is False:\n        response.set_status(403)\n        return'), [flow(5)])).toEqual(['high']);
    // a gate that only logs does not refuse anything
    expect(run(handler('if not settings.LOCAL_MODE:\n    log.warning("remote load")'), [flow(5)])).toEqual(['high']);
  });
});
