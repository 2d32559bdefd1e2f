# A password never reaches dgslint's output: --snapshot's connection
# string or URI is not printed, and libpq's messages, which quote it or
# part of it, are printed with every password masked.  Without libpq the
# option is not built in, and nothing is printed of the string either.
for url in 'postgresql+psycopg2://app:S3cretPW@db.example/prod' \
    'postgresql://app:S3cret%zzPW@db.example/prod' \
    'postgresql://app:S3cretPW@[::1/prod' \
    'postgresql://app@127.0.0.1:1/prod?password=S3cretPW&sslmode=bogus' \
    "host=127.0.0.1 port=x password='S3cret PW'" \
    'postgresql://app:S3cr%65tPW@127.0.0.1:1/prod?connect_timeout=2'; do
	"$DGSLINT" --snapshot "$url" >out.tmp 2>err.tmp
	echo "exit $?"
	test -s out.tmp && echo "stdout is not empty"
	sed -n '1s/^\(dgslint: --snapshot: \(cannot connect\|is not built in\)\).*/\1/p' \
	    err.tmp
	echo "the password shown $(cat out.tmp err.tmp | grep -c -e S3cr -e cretPW) times"
done
rm -f out.tmp err.tmp
