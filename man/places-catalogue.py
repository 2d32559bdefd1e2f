# man/places-catalogue.py: rewrites the sections "Where metadata is
# checked" (the rule x place table, kept by hand below) and "The generator
# catalogue" (from dgslint --explain, that is from rules/catalog.c) of the
# hand-written part of dgslint-rules(7), man/dgslint-rules.7.in.  Run from
# the top directory after make:
#   python3 man/places-catalogue.py          rewrites the file
#   python3 man/places-catalogue.py --check  exits 1 when it is not current
#                                            (testdata/table-check)
import os,subprocess,re,sys
rows = [
 ("DGS203","yes","yes","yes","yes"),
 ("DGS204","yes","yes","yes","yes"),
 ("DGS401","yes","DGS708","yes","yes"),
 ("DGS402","yes","yes","yes","yes"),
 ("DGS403","yes","DGS704","yes","yes"),
 ("DGS404","yes","yes","yes","yes"),
 ("DGS405","yes","yes","yes","yes"),
 ("DGS406","yes","DGS705","yes","yes"),
 ("DGS407","yes","yes","yes","yes"),
 ("DGS408","yes","DGS705","yes","yes"),
 ("DGS409","yes","yes","yes","yes"),
 ("DGS410","yes","yes","yes","yes"),
 ("DGS415","yes","yes","yes","yes"),
 ("DGS416","yes","yes","DGS204","yes"),
 ("DGS417","yes","DGS706","DGS418","DGS418"),
 ("DGS418","\\(em","DGS706","yes","yes"),
 ("DGS419","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS420","yes","yes","yes","yes"),
 ("DGS421","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS422","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS423","yes","yes, DGS706","DGS418","DGS418"),
 ("DGS428","yes","yes","yes","yes"),
 ("DGS429","yes","yes","yes","yes"),
 ("DGS430","yes","yes","yes","yes"),
 ("DGS431","yes","\\(em","yes","yes"),
 ("DGS432","yes","yes","yes","yes"),
 ("DGS433","yes","yes","DGS418","yes"),
]
out=[]
out.append(".Ss Where metadata is checked")
out.append("""Generator configuration lives in four places: a link's
.Li metadata ;
a generator preset's
.Li metadata ,
which is the configuration a link carries minus what presets exclude
(linking, consistency with another column, partitioning, custom value
processors), its generator being the preset's
.Li generatorId ;
a sub-generator's
.Pq Li subGeneratorMetadata , No an entry of Li captureGroupMetadata ;
and the
.Li metadata
of a Conditional's
.Li defaultGenerator
and
.Li conditionalGenerators ,
at any depth.
The same checks run in each; where one does not, the table names the rule
that reports the case instead
.Po
.Cm DGS705
preset-column-setting,
.Cm DGS706
preset-composite,
.Cm DGS708
preset-generator-unknown,
.Cm DGS704
preset-document-license;
.Cm DGS418 :
a sub-generator or a Conditional's generator cannot be composite, so the
composite checks have nothing to check there;
.Cm DGS204 :
a sub-generator takes no
.Li pathExpression ,
which is then an unknown member
.Pc .
In a preset, a finding points into the preset's
.Li metadata ,
or at its
.Li generatorId
for what the generator itself is.
The cases of
.Pa testdata/places
show each check in each place.
.Bl -column "DGS409" "Link" "yes, DGS706" "DGS418" "DGS418" -compact
.It Sy Rule Ta Sy Link Ta Sy Preset Ta Sy Sub Ta Sy Cond.""")
for r in rows:
    out.append(".It Cm %s Ta %s" % (r[0], " Ta ".join(r[1:])))
out.append(".El")
out.append("""Sub: in
.Li subGeneratorMetadata
or an entry of
.Li captureGroupMetadata ;
Cond.: in the metadata of a Conditional's default or conditional
generator.
\\(em: not a defect there.""")
places="\n".join(out)
# catalogue
import os
dgslint=os.environ.get("DGSLINT", "build/dgslint")
txt=subprocess.run([dgslint,"--explain","DGS407"],capture_output=True,text=True).stdout
txt=txt[txt.index("Sources of the built-in catalogue"):]
lines=txt.splitlines()[1:]
def url(u):
    return u
cat=[".Ss The generator catalogue",
"""Each cell of the built-in catalogue that says yes or no carries its
source: the public documentation page that states it and, where one
sentence does, the sentence, as
.Fl -explain
of the generator rules shows (and the language server's hover of a
.Li generatorId ) .
A cell no public source settles is not known, and no rule reports what
rests on it above info; beside it is what was searched for.
The pages are the Generator API reference (its
.Dq Link object structure
states linking, consistency and differential privacy, and its link
template lists the settings and their types) and the generator reference
(its Characteristics table), read in the stored copies of docs.tonic.ai.
Partitioning, for every generator but Continuous and Event Timestamps:
spec 2.3,
.Dq Only the Continuous and Event Timestamps generators allow partitioning.
Partition-by column, for every generator:
.Lk https://docs.tonic.ai/app/generation/generators/generator-reference/event-timestamps ,
.Dq The selected columns must have their generator set to either Passthrough or Categorical.
Fallback: Timestamp Shift, Date Truncation and the JSON, XML and HTML
Masks name one in
.Li fallBackLinks ;
the Conditional generator's page mentions one without saying how it is
given
.Pq Dq If a fallback generator is selected, then the lower of either 5 or the fallback generator. ,
and Algebraic
.Dq defaults to the Categorical generator
when it finds no relationship; the others' is not known (a page that
names no fallback does not say there is none).
The catalogue holds every generator whose id a page gives; the SIN
generator's page spells its id two ways, SINGenerator (its heading) and
SinGenerator (its JSON), and both are known.
Numeric String Key, Credit Card, Random Hash and Random UUID are not in
it: no stored page gives their ids.
A setting's type no public source states would be marked
.Em inferred ;
a finding resting on inferred facts alone is at most a warning and says so
.Pq Cm DGS429 .
.Fl -generators Ar file
overrides the capabilities, everywhere, presets included.
Each generator's id, name and settings come from the page given first;
then its cells, each with its source:
.Bl -tag -width Ds"""]
def text(t):
    t=t.replace("\\","\\e")
    # mdoc: a new sentence starts a new line.
    t=re.sub(r'([.?!]["\)]?) (?=["A-Z(])', r'\1\n', t)
    if t.startswith(".") or t.startswith("'"):
        t="\\&"+t
    return t
for l in lines:
    m=re.match(r"  (\S+) \((.*)\): (.*)$", l)
    if m:
        gid,label,src=m.groups()
        extra=""
        if src.endswith("; the id itself: inferred"):
            src=src[:-len("; the id itself: inferred")]; extra="The id itself is inferred."
        cat.append(".It Li %s Pq %s" % (gid,label))
        cat.append(".Lk %s ." % src)
        if extra: cat.append(extra)
        continue
    m=re.match(r"    settings from other pages: (.*)$", l)
    if m:
        cat.append(".br")
        cat.append("Settings from other pages:")
        for n,u in re.findall(r"(\w+) \(([^)]*)\)", m.group(1)):
            cat.append(".Li %s :" % n)
            if u.startswith("https://"): cat.append(".Lk %s ." % u)
            else: cat.append(text(u) + ".")
        continue
    m=re.match(r"    inferred types: (.*)$", l)
    if m:
        cat.append("Inferred types:")
        ns=m.group(1).split()
        for i,n in enumerate(ns):
            cat.append(".Li %s%s" % (n, " ," if i < len(ns)-1 else " ."))
        continue
    m=re.match(r"    not known: (.*?)(?: \((.*)\))?$", l)
    if m:
        caps,note=m.groups()
        cat.append(".br")
        cat.append("Not known: %s%s" % (caps, "." if note is None else ";"))
        if note is not None:
            cat.append(text(note) + ".")
        continue
    m=re.match(r"    (.*?): (https://\S+|spec \S+)(.*)$", l)
    if m:
        caps,src,rest=m.groups()
        cat.append(".br")
        cat.append("%s%s:" % (caps[0].upper(), caps[1:]))
        if src.startswith("https://"):
            cat.append(".Lk %s" % src)
        else:
            rest=src+rest
        if rest.strip():
            cat.append(text(rest.strip()))
        continue
    if l.strip():
        sys.exit("places-catalogue.py: unexpected line: " + l)
cat.append(".El")
p='man/dgslint-rules.7.in'; s=open(p).read(); old=s
s=re.sub(r"\.Ss Where metadata is checked\n(.|\n)*?(?=\.Ss The generator catalogue)", "@PLACES@\n", s)
s=re.sub(r"\.Ss The generator catalogue\n(.|\n)*?\n\.El\n(?=\.\\\" FAMILY DGS5xx)", "@CATALOGUE@\n", s)
if "@PLACES@" not in s or "@CATALOGUE@" not in s:
    sys.exit("places-catalogue.py: the sections were not found")
s=s.replace("@PLACES@",places).replace("@CATALOGUE@","\n".join(cat))
if sys.argv[1:] == ["--check"]:
    if s != old:
        sys.exit("places-catalogue.py: man/dgslint-rules.7.in is not "
                 "current; run python3 man/places-catalogue.py")
    sys.exit(0)
open(p,'w').write(s)
