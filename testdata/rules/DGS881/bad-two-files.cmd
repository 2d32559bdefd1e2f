"$DGSLINT" --color never fixtures/users-email.json fixtures/more-email.json
