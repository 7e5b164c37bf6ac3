-- Drives `gobook lsp` through Neovim's own LSP client (headless), as an author's editor
-- would: open the book, wait for its diagnostics, ask for each feature, apply the edits
-- the server returns with Neovim's own code. What it saw goes to $OUT as JSON; the Rust
-- test (tests/it/lsp_client.rs) judges it. Written for Neovim 0.7 (Debian's) and later.
local out = {}
local function finish(code)
  local f = assert(io.open(os.getenv('OUT'), 'w'))
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd((code == 0) and 'qa!' or 'cquit! ' .. code)
end

local ok, err = pcall(function()
  local book, part = os.getenv('BOOK'), os.getenv('PART')
  local client = vim.lsp.start_client({
    name = 'gobook',
    cmd = { os.getenv('GOBOOK'), 'lsp' },
    root_dir = vim.fn.fnamemodify(book, ':h'),
    flags = { debounce_text_changes = 0 },
    -- "Edit on the board" asks the editor to open the preview in the browser: what was asked
    -- is recorded instead (Neovim 0.7 has no handler of its own for it).
    handlers = {
      ['window/showDocument'] = function(_, result)
        out.shown = result
        return { success = true }
      end,
    },
  })
  assert(client, 'the client did not start')
  vim.cmd('edit ' .. vim.fn.fnameescape(book))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'gobook'
  vim.lsp.buf_attach_client(buf, client)
  local function diags(b)
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(b)) do
      table.insert(found, { line = d.lnum, col = d.col, code = d.code, message = d.message,
        severity = d.severity })
    end
    return found
  end
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20), 'no diagnostics came')
  out.diagnostics = diags(buf)

  local uri = vim.uri_from_bufnr(buf)
  local function at(line, col)
    return { textDocument = { uri = uri }, position = { line = line, character = col } }
  end
  local function ask(method, params)
    local r = vim.lsp.buf_request_sync(buf, method, params, 20000)
    assert(r and r[client], method .. ': no answer')
    assert(not r[client].err, method .. ': ' .. vim.inspect(r[client].err))
    return r[client].result
  end
  local function find(needle)
    for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local c = l:find(needle, 1, true)
      if c then return i - 1, c - 1 end
    end
    error('not in the buffer: ' .. needle)
  end

  -- Hover: the figure, a coordinate, a standard text.
  local l, c = find('fig(#f1)')
  out.hover_fig = ask('textDocument/hover', at(l, c + 1)).contents.value
  l, c = find('#btp#')
  out.hover_text = ask('textDocument/hover', at(l, c + 2)).contents.value

  -- Completion of attributes and IDs.
  l, c = find('base=game at=2')
  local items = ask('textDocument/completion', at(l, c + 5))
  out.completion_ids = {}
  for _, i in ipairs(items.items or items) do table.insert(out.completion_ids, i.label) end

  -- Definition and references of `game`; the outline.
  local d = ask('textDocument/definition', at(l, c + 6))
  out.definition = d[1] or d
  out.references = ask('textDocument/references',
    vim.tbl_extend('force', at(l, c + 6), { context = { includeDeclaration = true } }))
  out.symbols = {}
  for _, s in ipairs(ask('textDocument/documentSymbol', { textDocument = { uri = uri } })) do
    local kids = {}
    for _, k in ipairs(s.children or {}) do table.insert(kids, k.name) end
    table.insert(out.symbols, { name = s.name, children = kids })
  end

  -- "Edit on the board" on the figure: the server starts the book's preview and asks to open
  -- it at the figure's board editor.
  l, c = find('fig(#f1)')
  local here = { start = { line = l, character = c }, ['end'] = { line = l, character = c } }
  out.board_actions = {}
  local board
  for _, a in ipairs(ask('textDocument/codeAction', { textDocument = { uri = uri }, range = here, context = { diagnostics = {} } })) do
    table.insert(out.board_actions, a.title)
    if a.title == 'Edit on the board' then board = a end
  end
  assert(board, 'no board action: ' .. vim.inspect(out.board_actions))
  ask('workspace/executeCommand', board.command)
  assert(vim.wait(20000, function() return out.shown ~= nil end, 20), 'the preview was not shown')

  -- The quick fixes of the did-you-mean diagnostics, applied by Neovim one at a time (each
  -- is made for the text it was asked on), asking again after each.
  out.actions = {}
  for _ = 1, 10 do
    local actions = ask('textDocument/codeAction', {
      textDocument = { uri = uri },
      range = { start = { line = 0, character = 0 }, ['end'] = { line = vim.api.nvim_buf_line_count(buf), character = 0 } },
      context = { diagnostics = {} },
    })
    if #actions == 0 then break end
    table.insert(out.actions, actions[1].title)
    vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
  end
  -- Incremental sync: the fixes were sent as edits; the diagnostics follow.
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20),
    'the fixes left: ' .. vim.inspect(diags(buf)))
  out.diagnostics_after_fix = diags(buf)
  -- A typo typed by hand comes back as a diagnostic.
  l = find('::h2 One')
  vim.api.nvim_buf_set_lines(buf, l, l + 1, false, { '::h2 One', '', '::dia ab=C3 shwoCoords=1' })
  assert(vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20), 'the typed typo was not seen')
  out.diagnostics_after_typing = diags(buf)
  vim.api.nvim_buf_set_lines(buf, l + 1, l + 3, false, {})

  -- Rename the included file's ID `pd` from its use in the book: both files change.
  l, c = find('href=pd')
  local edit = ask('textDocument/rename', vim.tbl_extend('force', at(l, c + 5), { newName = 'ko' }))
  vim.lsp.util.apply_workspace_edit(edit, 'utf-16')
  out.book_after_rename = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
  out.part_after_rename = table.concat(vim.api.nvim_buf_get_lines(vim.fn.bufnr(part), 0, -1, false), '\n')

  -- Formatting through the server.
  vim.api.nvim_buf_set_lines(buf, 0, 1, false, { '::book(#b)    title="T"' })
  out.before_format = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
  local edits = ask('textDocument/formatting', { textDocument = { uri = uri }, options = { tabSize = 2, insertSpaces = true } })
  vim.lsp.util.apply_text_edits(edits, buf, 'utf-16')
  out.formatted = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
end)
if not ok then out.error = tostring(err) end
finish(ok and 0 or 1)
