# --explain GENERATOR: its facts, a line each with the number of its
# source (a not-known cell: of the note of what was searched), its
# settings with their types and allowed values, then the sources.  A
# rule id or name still explains the rule.
"$DGSLINT" --explain TimestampShiftGenerator; echo "exit $?"
"$DGSLINT" --explain ArrayJsonMaskGenerator; echo "exit $?"
"$DGSLINT" --explain NoiseGenerator -f json; echo "exit $?"
# The later columns: data types, deprecation, required settings.
"$DGSLINT" --explain CompanyNameGenerator | grep -e Deprecated -e 'Data types'
"$DGSLINT" --explain EventGenerator | grep -e eventOrder -e 'Data types'
"$DGSLINT" --explain CustomCategoricalGenerator | grep -e customCategories -e 'Pages disagree' 
"$DGSLINT" --explain DGS401 | head -1
# An id a page spells two ways names its one entry.
"$DGSLINT" --explain SINGenerator | head -2
