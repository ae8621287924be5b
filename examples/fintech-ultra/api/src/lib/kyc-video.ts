import { spawn } from 'child_process';
import ffmpegPath from 'ffmpeg-static';

/** Extracts one still frame from a KYC selfie video for the manual review queue. */
export function extractFrame(videoPath: string, outputPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(ffmpegPath as string, ['-i', videoPath, '-frames:v', '1', outputPath]);
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}
