// Deserialization pack: loaders that can instantiate arbitrary objects or run code while reading data.
import type { SgNode } from '@ast-grep/napi';
import { enclosingClass, kwarg, positionalArgs } from '../patterns/nodes';
import { OWASP, cheatSheet, cweRef, defineRules, javaCall, jsCall, owaspRef, pyCall } from './meta';

const deserRefs = [cweRef(502, 'Deserialization of Untrusted Data'), owaspRef('A08'), cheatSheet('Deserialization')];
const SAFE_LOADER = /^(yaml\.)?(C?SafeLoader|BaseLoader)$/;
const base = { pack: 'deserialization' as const, cwe: ['CWE-502'], owasp: [OWASP.A08], references: deserRefs };

/** No object-input filter, resolveClass override or validating stream anywhere in the class. */
const unfilteredJava = (n: SgNode) => !/(setObjectInputFilter|ObjectInputFilter|resolveClass|ValidatingObjectInputStream|SerialKiller|LookAheadObjectInputStream)/.test(enclosingClass(n).text());

export const deserializationRules = defineRules([
  {
    ...base,
    id: 'py.deserialization.pickle',
    taintSink: true,
    title: 'Unsafe deserialization with pickle-family loaders',
    languages: ['python'],
    severity: 'high',
    confidence: 'low',
    message: 'pickle/dill/marshal/jsonpickle/shelve loads data that can execute code while it is deserialized.',
    impact: 'If the bytes can come from a user, a file upload or a shared store, loading them runs attacker code.',
    fix: { guidance: 'Exchange data as JSON (or another data-only format); never unpickle untrusted bytes.', example: 'payload = json.loads(body)' },
    tree: {
      python: [
        pyCall(['pickle', 'dill', 'marshal', 'jsonpickle', 'shelve', 'Unpickler'], '(c?[Pp]ickle|_pickle|dill|marshal|joblib)\\.(loads?|Unpickler)|jsonpickle\\.(decode|loads)|shelve\\.open|pandas\\.read_pickle|pd\\.read_pickle'),
      ],
    },
  },
  {
    ...base,
    id: 'py.deserialization.yaml-unsafe-load',
    taintSink: true,
    title: 'YAML loaded with an unsafe loader',
    languages: ['python'],
    severity: 'high',
    confidence: 'high',
    message: 'yaml.load() without SafeLoader (or unsafe_load / full_load) can construct arbitrary Python objects.',
    impact: 'A crafted YAML document runs code in the process.',
    fix: { guidance: 'Use yaml.safe_load(), or yaml.load(data, Loader=yaml.SafeLoader).', example: 'config = yaml.safe_load(text)' },
    tree: {
      python: [
        pyCall(['yaml'], 'yaml\\.(load|load_all)', (n) => {
          const loader = kwarg(n, 'Loader') ?? positionalArgs(n)[1];
          return !loader || !SAFE_LOADER.test(loader.text());
        }),
        pyCall(['yaml'], 'yaml\\.(unsafe_load|unsafe_load_all|full_load|full_load_all)'),
      ],
    },
  },
  {
    ...base,
    id: 'js.deserialization.unsafe-unserialize',
    taintSink: true,
    title: 'Unsafe deserialization of JavaScript objects',
    languages: ['javascript', 'typescript'],
    severity: 'high',
    confidence: 'medium',
    message: 'node-serialize / serialize-to-js style unserialize evaluates functions embedded in the data.',
    impact: 'A crafted payload (an IIFE in the serialized object) runs code on the server.',
    fix: { guidance: 'Use JSON.parse with schema validation; never deserialize formats that carry functions.', example: 'const obj = schema.parse(JSON.parse(text));' },
    tree: { js: [jsCall(['unserialize', 'deserialize'], '([\\w.]+\\.)?unserialize|(serialize|serializeJs|serializeToJs|funcster)\\.deserialize')] },
  },
  {
    ...base,
    id: 'java.deserialization.object-input-stream',
    title: 'Java native deserialization without a class filter',
    languages: ['java'],
    severity: 'high',
    confidence: 'medium',
    message: 'ObjectInputStream.readObject / XMLDecoder / XStream.fromXML reads objects without an allow-list filter.',
    impact: 'Gadget chains in common libraries turn a crafted stream into remote code execution.',
    fix: { guidance: 'Avoid native serialization for untrusted data; otherwise set an ObjectInputFilter allow-list.', example: 'ois.setObjectInputFilter(ObjectInputFilter.Config.createFilter("com.example.dto.*;!*"));' },
    tree: {
      java: [
        javaCall(['readObject', 'readUnshared'], 'readObject|readUnshared', (n) => positionalArgs(n).length === 0 && /ObjectInputStream|XMLDecoder/.test(enclosingClass(n).text()) && unfilteredJava(n)),
        javaCall(['fromXML'], 'fromXML', (n) => !/(allowTypes|addPermission|setupDefaultSecurity)/.test(enclosingClass(n).text())),
      ],
    },
  },
]);
