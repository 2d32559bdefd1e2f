# With --generators FILE, the loaded generators are listed with the
# file's capabilities and fallback ids, sourced "GET /api/GeneratorMetadata
# (--generators)"; one the built-in table lacks is added (its composite
# kind and settings not known); a built-in one keeps its settings with
# their pages.
"$DGSLINT" --generators generators.json.in --list-generators | grep -e '^ID' -e '^NameGenerator' -e '^PhoneNumberGenerator' -e '^USPhone'
"$DGSLINT" --generators generators.json.in --explain PhoneNumberGenerator; echo "exit $?"
"$DGSLINT" --generators generators.json.in --explain NameGenerator -f json; echo "exit $?"
"$DGSLINT" --explain PhoneNumberGenerator; echo "exit $?"
