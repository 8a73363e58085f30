// Types of check-adr-index.mjs, for its unit test (test/unit/adr-index.spec.ts).
export interface AdrStatus {
  amendedBy: Set<number>;
  supersededBy: Set<number>;
  amends: Set<number>;
  date: string | undefined;
  deprecated: boolean;
}
export declare function statusText(markdown: string): string | undefined;
export declare function readStatus(text: string): AdrStatus;
export declare function checkAdrs(indexMarkdown: string, records: Record<string, string>): string[];
