#!/usr/bin/env python3
# Writes the configs the compiled-yaml-10k and compiled-xml-10k cases compile with the bench
# (the same 10,000 services as yaml-10k and xml-10k): Sources/CompiledYAML/services.yaml and
# Sources/CompiledXML/beans.xml. `make bench` runs it; the files are not kept in git.
import os
here = os.path.dirname(os.path.abspath(__file__))
count = 10000
yaml = ["# %d services for the compiled-yaml-10k benchmark\nservices:\n" % count]
xml = ['<?xml version="1.0" encoding="UTF-8"?>\n<!-- %d beans for the compiled-xml-10k benchmark -->\n<beans>\n' % count]
for index in range(count):
    id = "service_%06d" % index
    yaml.append("  %s:\n    class: Service\n    scope: singleton\n    arguments: { name: 'service number %d of the benchmark graph, built from YAML' }\n" % (id, index))
    xml.append('    <bean id="%s" class="Service" scope="singleton">\n' % id)
    xml.append('        <constructor-arg name="name" value="service number %d of the benchmark graph, built from XML"/>\n' % index)
    if index > 0:
        yaml.append("    properties:\n      next: '@service_%06d'\n      peer: '@service_%06d'\n" % (index - 1, index // 2))
        xml.append('        <property name="next" ref="service_%06d"/>\n' % (index - 1))
        xml.append('        <property name="peer" ref="service_%06d"/>\n' % (index // 2))
    xml.append("    </bean>\n")
xml.append("</beans>\n")
for path, parts in [("Sources/CompiledYAML/services.yaml", yaml), ("Sources/CompiledXML/beans.xml", xml)]:
    text = "".join(parts)
    full = os.path.join(here, path)
    old = open(full).read() if os.path.exists(full) else None
    if old != text:
        open(full, "w").write(text)
