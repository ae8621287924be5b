export function writeThirdPartyNotices(modulePaths: Iterable<string>, outFile: string, title: string): number;
