# man/places-catalogue.py: rewrites the sections "Where metadata is
# checked" (the rule x place table, kept by hand below) and "The generator
# catalogue" (from dgslint --explain, that is from rules/catalog.c) of
# man/dgslint-rules.7.  Run from the top directory after make:
#   python3 man/places-catalogue.py
import subprocess,re,sys
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
.Bl -column "DGS409 differential-privacy-unsupported" "Link" "yes, DGS706" "DGS418" "DGS418" -compact
.It Sy Rule Ta Sy Link Ta Sy Preset Ta Sy Sub Ta Sy Cond.""")
names={}
for line in subprocess.run(["build/dgslint","--list-rules"],capture_output=True,text=True).stdout.splitlines():
    f=line.split()
    names[f[0]]=f[1]
for r in rows:
    out.append(".It Cm %s No %s Ta %s" % (r[0], names[r[0]], " Ta ".join(r[1:])))
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
txt=subprocess.run(["build/dgslint","--explain","DGS407"],capture_output=True,text=True).stdout
txt=txt[txt.index("Sources of the built-in catalogue"):]
lines=txt.splitlines()[1:]
def url(u):
    return u
cat=[".Ss The generator catalogue",
"""Each fact of the built-in catalogue carries its source: a section of the
API specification or a public documentation page, as
.Fl -explain
of the generator rules shows.
Partitioning: spec 2.3.
Partition-by columns:
.Lk https://docs.tonic.ai/app/generation/generators/generator-characteristics/partitioning .
Differential privacy:
.Lk https://docs.tonic.ai/app/generation/generators/generator-characteristics/differential-privacy .
Consistency:
.Lk https://docs.tonic.ai/app/generation/generators/generator-characteristics/consistency
and each generator's page.
Linking:
.Lk https://docs.tonic.ai/app/generation/generators/generator-characteristics/linking-generators
and each generator's page.
Fallbacks: the pages of Timestamp Shift and the XML, HTML and JSON Masks;
that the other generators have none is inferred.
A fact with no public source is marked
.Em inferred ;
a finding resting on inferred facts alone is at most a warning and says so
.Pq Cm DGS429 , DGS414 .
.Fl -generators Ar file
overrides the capabilities, everywhere, presets included.
Each generator's id, name, consistency, linking and settings come from the
page given, unless noted:
.Bl -tag -width Ds"""]
for l in lines:
    m=re.match(r"  (\S+) \((.*)\): (.*)$", l)
    if m:
        gid,label,src=m.groups()
        extra=""
        if src.endswith("; the id itself: inferred"):
            src=src[:-len("; the id itself: inferred")]; extra="The id itself is inferred."
        cat.append(".It Li %s Pq %s" % (gid,label))
        mm=re.match(r"(https://\S+)( \((.*)\))?$", src)
        if mm and mm.group(3):
            cat.append("%s%s in" % (mm.group(3)[0].upper(), mm.group(3)[1:]))
            cat.append(".Lk %s ." % mm.group(1))
        elif mm:
            cat.append(".Lk %s ." % mm.group(1))
        else:
            cat.append(src)
        if extra: cat.append(extra)
        continue
    m=re.match(r"    settings: (.*)$", l)
    if m:
        for n,u in re.findall(r"(\w+) \(([^)]*)\)", m.group(1)):
            cat.append(".Li %s :" % n)
            if u.startswith("https://"): cat.append(".Lk %s ." % u)
            else: cat.append(u + ".")
        continue
    m=re.match(r"    inferred types: (.*)$", l)
    if m:
        cat.append("Inferred types:")
        ns=m.group(1).split()
        for i,n in enumerate(ns):
            cat.append(".Li %s%s" % (n, " ," if i < len(ns)-1 else " ."))
        continue
cat.append(".El")
p='man/dgslint-rules.7'; s=open(p).read()
s=re.sub(r"\.Ss Where metadata is checked\n(.|\n)*?\n\.El\n(?=\.Ss The generator catalogue|@CATALOGUE@)", "@PLACES@\n", s)
s=re.sub(r"\.Ss The generator catalogue\n(.|\n)*?\n\.El\n(?=\.\\\\\" FAMILY DGS5xx)", "@CATALOGUE@\n", s)
s=s.replace("@PLACES@",places).replace("@CATALOGUE@","\n".join(cat))
open(p,'w').write(s)
