"$DGSLINT" --color never fixtures/users-email.json fixtures/users-phone.json
