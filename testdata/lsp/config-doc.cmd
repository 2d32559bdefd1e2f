# .dgslint.json in the editor: checked as a configuration, keys completed.
sh ./replay config-doc.session
