// npm's `preinstall`: one line, instead of npm's wall of EBADENGINE warnings (.npmrc sets loglevel=error, ADR 0074),
// when npm itself runs on a Node older than the one the project pins and installs into node_modules/.bin. This
// script may already run on the pinned Node: npm's own version is in its user agent.
const npmNode = /\bnode\/v(\d+)\.(\d+\.\d+)/.exec(process.env.npm_config_user_agent ?? '');
if (npmNode && Number(npmNode[1]) < 24)
  console.error(
    `npm runs on Node ${npmNode[1]}.${npmNode[2]}; the service runs on the Node 24 this install pins (node_modules/.bin/node).`,
  );
