// The gobook extension: starts `gobook lsp` for .gobook files. Everything else (what the
// editor is told, the diagnostics, hovers, completion, formatting) is the server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('gobook').get('path') || 'gobook';
  client = new LanguageClient(
    'gobook',
    'gobook',
    { command, args: ['lsp'] },
    { documentSelector: [{ scheme: 'file', language: 'gobook' }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
