# A connection string or URI that libpq cannot read (PQconninfoParse()):
# libpq's message quotes it or the part where it stopped, password and
# all (a SQLAlchemy URL, a bad percent-escape in a URI's password), and
# is said with each quoted text masked, as no password of it is known.
# Without libpq the option is not built in.
for url in 'postgresql+psycopg2://app:S3cretPW@db.example/prod' \
    'postgresql://app:S3cret%zzPW@db.example/prod'; do
	"$DGSLINT" --snapshot "$url" >out.tmp 2>err.tmp
	echo "exit $?"
	test -s out.tmp && echo "stdout is not empty"
	sed 's/^\(dgslint: --snapshot: is not built in\).*/\1/' err.tmp
done
rm -f out.tmp err.tmp
