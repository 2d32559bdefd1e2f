-- testdata/home/nvim.lua: the repository of testdata/home/fixtures/web
-- (a web app beside the service documents) in Neovim's own LSP client,
-- headless, with dgslint --lsp attached to every JSON buffer as the
-- manual's setups do:
--   DGSLINT=build/dgslint WEB=copy-of-fixtures/web \
--       nvim --headless -u NONE -i NONE -n -c 'luafile testdata/home/nvim.lua'
-- Only the service document with a mistake (config/dgs/start.json) has
-- diagnostics; package.json, tsconfig.json, renovate.json,
-- .vscode/settings.json, the GeoJSON file and .dgslint.json have none.
-- Prints "ok: ..." per check; a mismatch prints "FAIL: ..." and exits 1.
local dgslint = os.getenv("DGSLINT")
local web = os.getenv("WEB")

local function out(s)
  io.stdout:write(s .. "\n")
end

local function fail(s)
  out("FAIL: " .. s)
  vim.cmd("cquit 1")
end

if not dgslint or not web then
  fail("DGSLINT and WEB must be set")
end

local client_id = vim.lsp.start_client({
  name = "dgslint",
  cmd = { dgslint, "--lsp" },
  root_dir = web,
  on_stderr = function(_, data) io.stderr:write(data) end,
})
if client_id == nil then
  fail("the server starts")
end

local files = {
  { "package.json", 0 }, { "tsconfig.json", 0 }, { "renovate.json", 0 },
  { ".vscode/settings.json", 0 }, { "maps/cities.geojson", 0 },
  { ".dgslint.json", 0 }, { "config/dgs/replacements.json", 0 },
  { "config/dgs/start.json", 1 },
}
local bufs = {}
for _, f in ipairs(files) do
  vim.cmd("edit " .. vim.fn.fnameescape(web .. "/" .. f[1]))
  local buf = vim.api.nvim_get_current_buf()
  if not vim.lsp.buf_attach_client(buf, client_id) then
    fail("attached: " .. f[1])
  end
  bufs[f[1]] = buf
end
-- The server publishes for every document, with or without findings: wait
-- for the one with a finding, then for the server to be idle.
vim.wait(20000, function()
  return #vim.diagnostic.get(bufs["config/dgs/start.json"]) > 0
end, 50)
vim.wait(1000, function() return false end, 50)
for _, f in ipairs(files) do
  local n = #vim.diagnostic.get(bufs[f[1]])
  if n ~= f[2] then
    fail(f[1] .. ": " .. n .. " diagnostics, not " .. f[2])
  end
  out("ok: " .. f[1] .. ": " .. n .. " diagnostic" .. (n == 1 and "" or "s"))
end
local d = vim.diagnostic.get(bufs["config/dgs/start.json"])[1]
local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
if code ~= "DGS701" then
  fail("start.json: " .. tostring(code) .. ", not DGS701")
end
out("ok: start.json: DGS701")
vim.cmd("qall!")
