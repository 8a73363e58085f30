/** A workspace file as a page block names it. */
export interface ResolvedFileView {
  publicPath: string;
  name: string;
}
