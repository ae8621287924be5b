// Virtual modules of build/build-data.ts: data read at build time and validated there.
declare module 'virtual:sample-reports' {
  const cards: import('../build/build-data').SampleCard[];
  export default cards;
}
declare module 'virtual:cli-downloads' {
  const downloads: import('../build/build-data').CliDownload[];
  export default downloads;
}
