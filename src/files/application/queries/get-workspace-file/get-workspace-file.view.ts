/** A workspace file as a page's avatar names it: enough to check it is an image and to show it. */
export interface WorkspaceFileView {
  id: string;
  publicPath: string;
  mimeType: string;
}
