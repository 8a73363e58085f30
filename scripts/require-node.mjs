// Refuses to run on a Node older than the project's pinned runtime.
// npm scripts run on node_modules/.bin/node (the pinned `node` devDependency); if its install
// script was blocked, npm silently falls back to the machine's Node, and this turns that into a clear error.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 24 || (major === 24 && minor < 9)) {
  console.error(
    `bio-page-service needs Node >= 24.9 but is running on Node ${process.versions.node}.\n` +
      'Run `npm install` (it installs the pinned Node 24 into node_modules/.bin) and start through `npm start` / `npm test`.',
  );
  process.exit(1);
}
