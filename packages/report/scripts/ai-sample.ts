// The Ultra sample report reviewed by three models served by the loopback fake providers (packages/ai testing):
// shows the vote on each finding, the exploitation scenarios and the AI methodology, without any real provider.
// Used by test/ai-sample.test.ts and scripts/build-ai-sample.ts.
import { join } from 'node:path';
import { anthropicProvider, openAiProvider, projectFileReader, reviewReport } from '@duescan/ai';
import { demoScript, startFakeAnthropic, startFakeOpenAi } from '@duescan/ai/testing';
import type { Report } from '@duescan/engine';
import { SAMPLES } from './sample-catalog';
import { EXAMPLES_DIR } from './scan-samples';

export const AI_SAMPLE = SAMPLES.find((s) => s.package === 'ultra')!;

/** Reviews a scan of the Ultra sample with the fake models and returns the report carrying their votes. */
export async function reviewWithFakeModels(report: Report): Promise<Report> {
  const script = demoScript('fake-gpt-b');
  const openai = await startFakeOpenAi(script);
  const anthropic = await startFakeAnthropic(script);
  try {
    return await reviewReport(report, {
      providers: [
        openAiProvider({ model: 'fake-gpt-a', baseUrl: openai.baseUrl, apiKey: 'fake-key' }),
        openAiProvider({ model: 'fake-gpt-b', baseUrl: openai.baseUrl, apiKey: 'fake-key' }),
        anthropicProvider({ model: 'fake-claude', baseUrl: anthropic.baseUrl, apiKey: 'fake-key' }),
      ],
      readFile: projectFileReader(join(EXAMPLES_DIR, AI_SAMPLE.example)),
    });
  } finally {
    await Promise.all([openai.close(), anthropic.close()]);
  }
}
