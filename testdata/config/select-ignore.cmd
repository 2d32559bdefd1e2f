# --select reports only the rules it names (ids in any case, names, id
# prefixes: DGS2 is every DGS2xx rule), at the levels the configurations
# give them (legacy/users.json's pointer override keeps its info); --ignore
# never reports its rules, and wins over --select.
cd fixtures/repo && mkdir -p .git
"$DGSLINT" --select DGS2,dgs307 .; echo "exit $?"
"$DGSLINT" --select DGS2 --ignore unknown-member .; echo "exit $?"
"$DGSLINT" --select dgs5 --select DGS101 .; echo "exit $?"
"$DGSLINT" --ignore DGS5,DGS7,DGS1 .; echo "exit $?"
rmdir .git
