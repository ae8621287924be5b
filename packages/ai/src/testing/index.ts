// Test support: loopback fake provider servers (also used to build the sample report with an AI vote).
import { ANTHROPIC_FORMAT } from './anthropic-format';
import { startFakeServer, type FakeModelServer, type Script } from './fake-server';
import { OPENAI_FORMAT } from './openai-format';

export type { Behavior, FakeModelServer, RecordedRequest, Script, ScriptInput } from './fake-server';

export const startFakeOpenAi = (script: Script): Promise<FakeModelServer> => startFakeServer(OPENAI_FORMAT, script);
export const startFakeAnthropic = (script: Script): Promise<FakeModelServer> => startFakeServer(ANTHROPIC_FORMAT, script);
export { demoScript } from './demo-script';
