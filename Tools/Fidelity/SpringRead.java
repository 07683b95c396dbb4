// Reads Spring <beans> files with Spring's own beans module (Debian's libspring-beans-java,
// 4.3) and prints, per file, every bean as Spring holds it after reading, merged with its
// parents (getMergedBeanDefinition), as JSON: the oracle of `make fidelity`.
//
// Usage: java -cp CLASSPATH SpringRead ROOT OUT FILE...  (FILE relative to ROOT; OUT a folder:
// one FILE.json each). No class is loaded. The beans, util, p and c namespaces are read by
// Spring's handlers; elements and attributes of other namespaces (context:, aop:, tx:, a
// framework's own) are left out: they register Spring's own infrastructure, not the app's beans.

import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.springframework.beans.BeanMetadataAttribute;
import org.springframework.beans.MutablePropertyValues;
import org.springframework.beans.PropertyValue;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanDefinitionHolder;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.config.RuntimeBeanNameReference;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.config.TypedStringValue;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.AutowireCandidateQualifier;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.LookupOverride;
import org.springframework.beans.factory.support.ManagedArray;
import org.springframework.beans.factory.support.ManagedList;
import org.springframework.beans.factory.support.ManagedMap;
import org.springframework.beans.factory.support.ManagedProperties;
import org.springframework.beans.factory.support.ManagedSet;
import org.springframework.beans.factory.support.MethodOverride;
import org.springframework.beans.factory.support.ReplaceOverride;
import org.springframework.beans.factory.xml.DefaultNamespaceHandlerResolver;
import org.springframework.beans.factory.xml.NamespaceHandler;
import org.springframework.beans.factory.xml.NamespaceHandlerResolver;
import org.springframework.beans.factory.xml.ParserContext;
import org.springframework.beans.factory.xml.XmlBeanDefinitionReader;
import org.springframework.core.io.FileSystemResource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

public final class SpringRead {
    /** Spring's handlers for the namespaces that define beans; a handler that adds nothing for the others. */
    static final class BeansOnly implements NamespaceHandlerResolver {
        private final NamespaceHandlerResolver spring = new DefaultNamespaceHandlerResolver(SpringRead.class.getClassLoader());
        private static final List<String> READ = Arrays.asList(
            "http://www.springframework.org/schema/util",
            "http://www.springframework.org/schema/p",
            "http://www.springframework.org/schema/c");
        private static final NamespaceHandler NOTHING = new NamespaceHandler() {
            public void init() {}
            public BeanDefinition parse(Element element, ParserContext context) { return null; }
            public BeanDefinitionHolder decorate(Node node, BeanDefinitionHolder definition, ParserContext context) { return definition; }
        };

        public NamespaceHandler resolve(String uri) {
            String http = uri.startsWith("https://") ? "http://" + uri.substring("https://".length()) : uri;
            return READ.contains(http) ? spring.resolve(http) : NOTHING;
        }
    }

    // A small JSON writer: strings escaped, objects as written in order.
    static String str(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c)); else b.append(c);
            }
        }
        return b.append('"').toString();
    }

    static String obj(String... pairs) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < pairs.length; i += 2) {
            if (i > 0) b.append(", ");
            b.append(str(pairs[i])).append(": ").append(pairs[i + 1]);
        }
        return b.append('}').toString();
    }

    static String arr(List<String> items) { return "[" + String.join(", ", items) + "]"; }

    static String bool(boolean b) { return b ? "true" : "false"; }

    static String value(Object v) {
        if (v == null) return obj("null", "true");
        if (v instanceof RuntimeBeanReference) {
            RuntimeBeanReference r = (RuntimeBeanReference) v;
            return obj("ref", str(r.getBeanName()), "toParent", bool(r.isToParent()));
        }
        if (v instanceof RuntimeBeanNameReference) return obj("idref", str(((RuntimeBeanNameReference) v).getBeanName()));
        if (v instanceof TypedStringValue) {
            TypedStringValue t = (TypedStringValue) v;
            return t.getValue() == null ? obj("null", "true") : obj("value", str(t.getValue()), "type", str(t.getTargetTypeName()));
        }
        if (v instanceof BeanDefinitionHolder) {
            BeanDefinitionHolder h = (BeanDefinitionHolder) v;
            return obj("inline", describe(h.getBeanDefinition()));
        }
        if (v instanceof BeanDefinition) return obj("inline", describe((BeanDefinition) v));
        if (v instanceof ManagedArray) {
            ManagedArray a = (ManagedArray) v;
            return obj("array", items((List<?>) a), "merge", bool(a.isMergeEnabled()), "elementType", str(a.getElementTypeName()));
        }
        if (v instanceof ManagedList) {
            ManagedList<?> l = (ManagedList<?>) v;
            return obj("list", items(l), "merge", bool(l.isMergeEnabled()), "elementType", str(l.getElementTypeName()));
        }
        if (v instanceof ManagedSet) {
            ManagedSet<?> s = (ManagedSet<?>) v;
            return obj("set", items(new ArrayList<Object>(s)), "merge", bool(s.isMergeEnabled()), "elementType", str(s.getElementTypeName()));
        }
        if (v instanceof ManagedProperties) {
            ManagedProperties p = (ManagedProperties) v;
            return obj("props", entries(p), "merge", bool(p.isMergeEnabled()));
        }
        if (v instanceof ManagedMap) {
            ManagedMap<?, ?> m = (ManagedMap<?, ?>) v;
            return obj("map", entries(m), "merge", bool(m.isMergeEnabled()),
                       "keyType", str(m.getKeyTypeName()), "valueType", str(m.getValueTypeName()));
        }
        if (v instanceof String) return obj("value", str((String) v), "type", "null");
        return obj("object", str(v.getClass().getName()));
    }

    static String items(List<?> list) {
        List<String> out = new ArrayList<>();
        for (Object o : list) out.add(value(o));
        return arr(out);
    }

    static String entries(Map<?, ?> map) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : map.entrySet()) out.add("[" + value(e.getKey()) + ", " + value(e.getValue()) + "]");
        return arr(out);
    }

    static String describe(BeanDefinition d) {
        List<String> args = new ArrayList<>();
        ConstructorArgumentValues cav = d.getConstructorArgumentValues();
        for (Map.Entry<Integer, ConstructorArgumentValues.ValueHolder> e : cav.getIndexedArgumentValues().entrySet()) {
            ConstructorArgumentValues.ValueHolder h = e.getValue();
            args.add(obj("index", String.valueOf(e.getKey()), "name", str(h.getName()), "type", str(h.getType()), "value", value(h.getValue())));
        }
        for (ConstructorArgumentValues.ValueHolder h : cav.getGenericArgumentValues()) {
            args.add(obj("index", "null", "name", str(h.getName()), "type", str(h.getType()), "value", value(h.getValue())));
        }
        List<String> props = new ArrayList<>();
        MutablePropertyValues pvs = d.getPropertyValues();
        for (PropertyValue pv : pvs.getPropertyValueList()) {
            List<String> propertyMeta = new ArrayList<>();
            for (String name : pv.attributeNames()) {
                Object a = pv.getAttribute(name);
                propertyMeta.add("[" + str(name) + ", " + (a instanceof BeanMetadataAttribute ? value(((BeanMetadataAttribute) a).getValue()) : value(a)) + "]");
            }
            props.add(obj("name", str(pv.getName()), "value", value(pv.getValue()), "meta", arr(propertyMeta)));
        }
        List<String> dependsOn = new ArrayList<>();
        if (d.getDependsOn() != null) for (String s : d.getDependsOn()) dependsOn.add(str(s));
        List<String> meta = new ArrayList<>();
        for (String name : d.attributeNames()) {
            Object a = d.getAttribute(name);
            meta.add("[" + str(name) + ", " + (a instanceof BeanMetadataAttribute ? value(((BeanMetadataAttribute) a).getValue()) : value(a)) + "]");
        }
        String init = "null", destroy = "null", autowire = "null", lookups = "[]", qualifiers = "[]";
        boolean lenient = true;
        if (d instanceof AbstractBeanDefinition) {
            AbstractBeanDefinition a = (AbstractBeanDefinition) d;
            init = str(a.getInitMethodName());
            destroy = str(a.getDestroyMethodName());
            switch (a.getAutowireMode()) {
                case AbstractBeanDefinition.AUTOWIRE_NO: autowire = str("no"); break;
                case AbstractBeanDefinition.AUTOWIRE_BY_NAME: autowire = str("byName"); break;
                case AbstractBeanDefinition.AUTOWIRE_BY_TYPE: autowire = str("byType"); break;
                case AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR: autowire = str("constructor"); break;
                default: autowire = str("autodetect");
            }
            List<String> overrides = new ArrayList<>();
            for (MethodOverride o : a.getMethodOverrides().getOverrides()) {
                if (o instanceof LookupOverride) overrides.add(obj("lookup", str(o.getMethodName()), "bean", str(((LookupOverride) o).getBeanName())));
                else if (o instanceof ReplaceOverride) overrides.add(obj("replaced", str(o.getMethodName()), "bean", str(((ReplaceOverride) o).getMethodReplacerBeanName())));
            }
            lookups = arr(overrides);
            List<String> qs = new ArrayList<>();
            for (AutowireCandidateQualifier q : a.getQualifiers()) qs.add(obj("type", str(q.getTypeName()), "value", value(q.getAttribute(AutowireCandidateQualifier.VALUE_KEY))));
            qualifiers = arr(qs);
            lenient = a.isLenientConstructorResolution();
        }
        return obj(
            "class", str(d.getBeanClassName()),
            "scope", str(d.getScope()),
            "lazyInit", bool(d.isLazyInit()),
            "abstract", bool(d.isAbstract()),
            "primary", bool(d.isPrimary()),
            "autowireCandidate", bool(d.isAutowireCandidate()),
            "autowire", autowire,
            "dependsOn", arr(dependsOn),
            "initMethod", init,
            "destroyMethod", destroy,
            "factoryBean", str(d.getFactoryBeanName()),
            "factoryMethod", str(d.getFactoryMethodName()),
            "constructorArguments", arr(args),
            "properties", arr(props),
            "methodOverrides", lookups,
            "qualifiers", qualifiers,
            "meta", arr(meta),
            "lenientConstructorResolution", bool(lenient));
    }

    static String read(File root, String file) {
        DefaultListableBeanFactory factory = new DefaultListableBeanFactory();
        XmlBeanDefinitionReader reader = new XmlBeanDefinitionReader(factory);
        reader.setValidationMode(XmlBeanDefinitionReader.VALIDATION_NONE);
        reader.setNamespaceAware(true);
        reader.setNamespaceHandlerResolver(new BeansOnly());
        // `classpath:` locations are found from the file's own folder, as swift-ioc's default
        // config root is (the folder of the file read first).
        File folder = new File(root, file).getAbsoluteFile().getParentFile();
        try {
            java.net.URLClassLoader classPath = new java.net.URLClassLoader(new java.net.URL[] { folder.toURI().toURL() }, null);
            reader.setResourceLoader(new org.springframework.core.io.DefaultResourceLoader(classPath));
        } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        String head = "\"engine\": \"spring-beans 4.3\",\n  \"file\": " + str(file);
        try {
            reader.loadBeanDefinitions(new FileSystemResource(new File(root, file)));
        } catch (Exception e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            return "{\n  " + head + ",\n  \"error\": " + str(message.replace(new File(root, file).getAbsolutePath(), file)
                .replace(root.getAbsolutePath() + File.separator, "")) + "\n}\n";
        }
        List<String> names = new ArrayList<>(Arrays.asList(factory.getBeanDefinitionNames()));
        java.util.Collections.sort(names);
        List<String> beans = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String name : names) {
            BeanDefinition raw = factory.getBeanDefinition(name);
            List<String> aliases = new ArrayList<>();
            for (String a : factory.getAliases(name)) aliases.add(str(a));
            java.util.Collections.sort(aliases);
            try {
                BeanDefinition merged = factory.getMergedBeanDefinition(name);
                beans.add("    " + str(name) + ": " + obj("parent", str(raw.getParentName()), "aliases", arr(aliases),
                                                          "definition", describe(merged)));
            } catch (Exception e) {
                refused.add("    " + str(name) + ": " + str(e.getMessage()));
            }
        }
        return "{\n  " + head + ",\n  \"beans\": {\n" + String.join(",\n", beans) + "\n  },\n  \"refused\": {\n"
            + String.join(",\n", refused) + "\n  }\n}\n";
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java SpringRead ROOT OUT FILE...");
            System.exit(2);
        }
        File root = new File(args[0]), out = new File(args[1]);
        for (int i = 2; i < args.length; i++) {
            File target = new File(out, args[i] + ".json");
            target.getParentFile().mkdirs();
            try (Writer w = new OutputStreamWriter(new FileOutputStream(target), StandardCharsets.UTF_8)) {
                w.write(read(root, args[i]));
            }
        }
    }
}
