#!/bin/sh
# a bad snapshot named by the configuration: the configuration is refused
"$DGSLINT" fixtures/users.json
