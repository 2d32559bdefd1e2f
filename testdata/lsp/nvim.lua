-- testdata/lsp/nvim.lua: dgslint --lsp driven by Neovim's own LSP client
-- (Debian's neovim 0.7: vim.lsp.start_client and buf_attach_client),
-- headless:
--   DGSLINT=build/dgslint DOC=copy-of-fixtures/nvim.json \
--       nvim --headless -u NONE -i NONE -n -c 'luafile testdata/lsp/nvim.lua'
-- Opens the defective document, waits for the diagnostics and checks
-- their ranges (on text with characters outside the BMP before them) and
-- codes, applies a quick fix and the fix-all action and checks the
-- buffer, then the diagnostics of the edited text; hover on a finding and
-- on a generatorId, completion of generator ids and of member names.
-- Prints "ok: ..." per check; the first mismatch prints "FAIL: ..." and
-- exits 1.
local dgslint = os.getenv("DGSLINT")
local doc = os.getenv("DOC")

local function out(s)
  io.stdout:write(s .. "\n")
end

local function fail(s)
  out("FAIL: " .. s)
  vim.cmd("cquit 1")
end

local function check(cond, what)
  if not cond then
    fail(what)
  end
  out("ok: " .. what)
end

if not dgslint or not doc then
  fail("DGSLINT and DOC must be set")
end

vim.cmd("edit " .. vim.fn.fnameescape(doc))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "dgslint",
  cmd = { dgslint, "--lsp" },
  root_dir = vim.fn.fnamemodify(doc, ":h"),
  on_stderr = function(_, data) io.stderr:write(data) end,
})
check(client_id ~= nil, "the server starts")
check(vim.lsp.buf_attach_client(buf, client_id), "the buffer is attached")
local client = vim.lsp.get_client_by_id(client_id)

local function diags()
  local t = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(t, { code = code, d = d })
  end
  table.sort(t, function(a, b)
    if a.d.lnum ~= b.d.lnum then return a.d.lnum < b.d.lnum end
    return a.d.col < b.d.col
  end)
  return t
end

local function codes()
  local c = {}
  for _, x in ipairs(diags()) do table.insert(c, x.code) end
  return table.concat(c, " ")
end

-- The text a diagnostic covers (Neovim converts to byte columns).
local function covered(d)
  local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
  return line:sub(d.col + 1, d.end_col)
end

check(vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20),
  "diagnostics arrive")
check(codes() == "DGS401 DGS411 DGS303 DGS205",
  "the codes are DGS401 DGS411 DGS303 DGS205 (got " .. codes() .. ")")
local want = {
  { 1, '"CategoricalGenerater"', vim.diagnostic.severity.WARN },
  { 2, '"CategoricalGenerator"', vim.diagnostic.severity.ERROR },
  { 3, '"country"', vim.diagnostic.severity.ERROR },
  { 3, '"Metadata"', vim.diagnostic.severity.WARN },
}
for i, x in ipairs(diags()) do
  local d = x.d
  check(d.lnum == want[i][1] and covered(d) == want[i][2] and
    d.severity == want[i][3] and d.source == "dgslint",
    string.format("%s covers %s on line %d (got line %d, %q)", x.code,
      want[i][2], want[i][1] + 1, d.lnum + 1, covered(d)))
end

-- Hover on the duplicate column: its rule, as --explain gives it.
local dup = diags()[3].d
local hover = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = dup.lnum, character = dup.col + 2 },
}, 5000, buf)
check(hover and hover.result and hover.result.contents and
  hover.result.contents.value:find("DGS303 duplicate%-column") ~= nil,
  "hover on a finding shows its rule")

-- The quick fix of DGS401 at its diagnostic.
local d401 = diags()[1].d
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = {
    start = { line = d401.lnum, character = vim.lsp.util.character_offset(buf, d401.lnum, d401.col, client.offset_encoding) },
    ["end"] = { line = d401.lnum, character = vim.lsp.util.character_offset(buf, d401.lnum, d401.col, client.offset_encoding) },
  },
  context = { diagnostics = {} },
}
local res = client.request_sync("textDocument/codeAction", params, 5000, buf)
check(res and res.result and #res.result >= 1, "code actions are offered")
local quick
for _, a in ipairs(res.result) do
  if a.kind == "quickfix" then quick = a end
end
check(quick ~= nil and quick.isPreferred == true and
  quick.title == 'write "CategoricalGenerator"',
  "the quick fix is the safe one of --fix (" .. (quick and quick.title or "none") .. ")")
vim.lsp.util.apply_workspace_edit(quick.edit, client.offset_encoding)
local line2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
check(line2:find('"generatorId": "CategoricalGenerator"}', 1, true) ~= nil and
  line2:find("naïve😀", 1, true) ~= nil,
  "the quick fix is applied in the buffer, after the characters outside ASCII")
-- The edit goes back to the server as an incremental change.
check(vim.wait(10000, function() return codes() == "DGS303 DGS205" end, 20),
  "the diagnostics follow the edit (got " .. codes() .. ")")

-- Fix all: the remaining safe fix (Metadata -> metadata).
params.range = { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } }
params.context = { diagnostics = {}, only = { "source.fixAll" } }
res = client.request_sync("textDocument/codeAction", params, 5000, buf)
check(res and res.result and #res.result == 1 and res.result[1].kind == "source.fixAll",
  "fix all is offered")
vim.lsp.util.apply_workspace_edit(res.result[1].edit, client.offset_encoding)
local line4 = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
check(line4:find('"metadata": {', 1, true) ~= nil, "fix all is applied in the buffer")
check(vim.wait(10000, function() return codes() == "DGS303" end, 20),
  "only the duplicate column is left (got " .. codes() .. ")")

-- Hover on a generatorId value: what the catalogue knows.
local l2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
local gcol = l2:find('"CategoricalGenerator"', 1, true)
local gpos = { line = 1, character = vim.lsp.util.character_offset(buf, 1, gcol + 2, client.offset_encoding) }
hover = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) }, position = gpos }, 5000, buf)
check(hover and hover.result and
  hover.result.contents.value:find("CategoricalGenerator (Categorical)", 1, true) ~= nil,
  "hover on a generatorId shows the catalogue's generator")

-- Completion of generator ids in that value, and of a link's members.
local comp = client.request_sync("textDocument/completion", {
  textDocument = { uri = vim.uri_from_bufnr(buf) }, position = gpos }, 5000, buf)
local labels = {}
for _, it in ipairs((comp and comp.result and comp.result.items) or {}) do
  labels[it.label] = true
end
check(labels["CategoricalGenerator"] and labels["NameGenerator"],
  "completion offers the catalogue's generator ids")
local ccol = l2:find('"column"', 1, true)
comp = client.request_sync("textDocument/completion", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = 1, character = vim.lsp.util.character_offset(buf, 1, ccol + 1, client.offset_encoding) } }, 5000, buf)
labels = {}
for _, it in ipairs((comp and comp.result and comp.result.items) or {}) do
  labels[it.label] = true
end
check(labels["column"] and labels["metadata"] and labels["dataType"],
  "completion offers a link's member names")

vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
out("nvim: all checks passed")
vim.cmd("qall!")
