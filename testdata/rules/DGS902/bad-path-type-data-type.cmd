# The service lists new_path_type for customers.age with String, not Int32.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve fixtures/world-documents.json
lint --service "$URL" --workspace catalog fixtures/resolve-path-type-other.json
