# With --rule-url (or a configuration's ruleUrl), each diagnostic links
# its rule's page (codeDescription.href); with none, no link is invented
# (the other sessions' diagnostics have none).
sh ./replay basic.session --rule-url https://example.org/dgslint/rules/ |
    grep -o '"codeDescription":{"href":"[^"]*"}' | sort -u
sh ./replay basic.session | grep -c codeDescription || :
