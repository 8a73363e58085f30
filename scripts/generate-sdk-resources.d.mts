// Types of generate-sdk-resources.mjs, for the TypeScript test that runs it (test/integration/tools/openapi-document.test.ts).
export declare const RESOURCES_FILE: string;
export declare function methodName(operationId: string, resource: string): string;
export declare function generateResources(document: unknown): string;
export declare const README_FILE: string;
export declare function withResourceTable(document: unknown, readme: string): string;
