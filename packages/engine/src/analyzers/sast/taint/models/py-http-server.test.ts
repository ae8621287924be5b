// The standard library's request handler as a request source (py-http-server.ts).
import { describe, expect, it } from 'vitest';
import { taintFindings } from '../../../../testing/taint-project';

function rules(files: Record<string, string>): string[] {
  return taintFindings(files).map((f) => `${f.ruleId}:${f.location.startLine}`);
}

const handler = (base: string, body: string) =>
  `import http.server\nimport os\nimport urllib.parse\n\nclass Handler(${base}):\n    def do_GET(self):\n        query = urllib.parse.urlparse(self.path).query\n        name = urllib.parse.parse_qs(query).get('name', [''])[0]\n${body.replace(/^/gm, '        ')}\n`;

describe('http.server request handlers', () => {
  it("the path, headers and body of the request on self are the client's", () => {
    expect(rules({ 'a.py': handler('http.server.BaseHTTPRequestHandler', "os.system('nslookup ' + name)") })).toEqual(['py.injection.command-taint:9']);
    expect(rules({ 'a.py': handler('http.server.SimpleHTTPRequestHandler', "os.system('x ' + self.headers.get('X-Host'))") })).toEqual(['py.injection.command-taint:9']);
    expect(rules({ 'a.py': handler('http.server.BaseHTTPRequestHandler', "data = self.rfile.read(int(self.headers['Content-Length']))\nos.system(data.decode())") })).toEqual(['py.injection.command-taint:10']);
  });

  it('the body written to self.wfile is the page, and send_header values are headers', () => {
    expect(rules({ 'a.py': handler('http.server.BaseHTTPRequestHandler', "self.send_response(200)\nself.send_header('Content-Type', 'text/html; charset=' + name)\nself.end_headers()\nself.wfile.write(('<p>%s</p>' % name).encode())") })).toEqual([
      'py.injection.header-taint:10',
      'py.xss.reflected-taint:12',
    ]);
  });

  it('a class that is no request handler has no request on self', () => {
    expect(rules({ 'a.py': handler('object', "os.system('nslookup ' + name)") })).toEqual([]);
  });
});
