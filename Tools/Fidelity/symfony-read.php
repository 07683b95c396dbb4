<?php
// Reads services.yaml files with Symfony's own DependencyInjection (Debian's
// php-symfony-dependency-injection, 5.4) and prints, per file, every service as Symfony holds
// it after its loader and the two passes that shape a definition without running code
// (ResolveClassPass: a class taken from an id that names one; ResolveChildDefinitionsPass:
// children merged with their parents), as JSON: the oracle of `make fidelity`.
//
// Usage: php symfony-read.php ROOT OUT FILE...  (FILE relative to ROOT; OUT a folder: one
// FILE.json each). Classes are never loaded: an autoloader declares an empty class for any
// name asked, so Symfony's "does this class exist" questions answer yes, and `resource:`
// entries are recorded as written instead of scanning folders for PHP classes.

foreach (['DependencyInjection', 'Config', 'Yaml', 'Filesystem'] as $component) {
    $autoload = "/usr/share/php/Symfony/Component/$component/autoload.php";
    if (!is_file($autoload)) {
        fwrite(STDERR, "symfony-read: $autoload not found: install php-cli php-symfony-dependency-injection php-symfony-yaml php-symfony-config\n");
        exit(2);
    }
    require_once $autoload;
}

use Symfony\Component\Config\FileLocator;
use Symfony\Component\DependencyInjection\Alias;
use Symfony\Component\DependencyInjection\Argument\AbstractArgument;
use Symfony\Component\DependencyInjection\Argument\BoundArgument;
use Symfony\Component\DependencyInjection\Argument\IteratorArgument;
use Symfony\Component\DependencyInjection\Argument\ServiceClosureArgument;
use Symfony\Component\DependencyInjection\Argument\ServiceLocatorArgument;
use Symfony\Component\DependencyInjection\Argument\TaggedIteratorArgument;
use Symfony\Component\DependencyInjection\ChildDefinition;
use Symfony\Component\DependencyInjection\Compiler\ResolveChildDefinitionsPass;
use Symfony\Component\DependencyInjection\Compiler\ResolveClassPass;
use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\ContainerInterface;
use Symfony\Component\DependencyInjection\Definition;
use Symfony\Component\DependencyInjection\Loader\YamlFileLoader;
use Symfony\Component\DependencyInjection\Parameter;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\ExpressionLanguage\Expression;

// Symfony's loader makes an Expression of `@=…` text; the ExpressionLanguage component it
// comes from is not needed to read a file, only its text.
eval('namespace Symfony\\Component\\ExpressionLanguage; class Expression { private $text; '
     . 'public function __construct($text) { $this->text = (string) $text; } public function __toString(): string { return $this->text; } }');

// Every class exists, empty: the files name the app's classes, which are not here.
spl_autoload_register(function (string $class) {
    if (!preg_match('/^[a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*(\\\\[a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*)*$/', $class)) {
        return;
    }
    $parts = explode('\\', $class);
    $short = array_pop($parts);
    $namespace = implode('\\', $parts);
    eval(($namespace === '' ? '' : "namespace $namespace; ") . "class $short {}");
});

/** A loader that records `resource:` prototypes as written instead of scanning for classes. */
final class RecordingYamlFileLoader extends YamlFileLoader
{
    public static $resources = [];

    public function registerClasses(Definition $prototype, string $namespace, string $resource, $exclude = null)
    {
        self::$resources[] = [
            'namespace' => $namespace,
            'resource' => $resource,
            'exclude' => $exclude === null ? [] : (array) $exclude,
            'definition' => describe($prototype),
        ];
    }
}

function invalidBehavior(int $behavior): string
{
    switch ($behavior) {
        case ContainerInterface::EXCEPTION_ON_INVALID_REFERENCE: return 'exception';
        case ContainerInterface::NULL_ON_INVALID_REFERENCE: return 'null';
        case ContainerInterface::IGNORE_ON_INVALID_REFERENCE: return 'ignore';
        case ContainerInterface::IGNORE_ON_UNINITIALIZED_REFERENCE: return 'ignore-uninitialized';
        case ContainerInterface::RUNTIME_EXCEPTION_ON_INVALID_REFERENCE: return 'runtime-exception';
        default: return "behavior-$behavior";
    }
}

/** A value as JSON: scalars as {"value": …}, everything else tagged by what it is. */
function value($v)
{
    if ($v instanceof Reference) {
        return ['ref' => (string) $v, 'onInvalid' => invalidBehavior($v->getInvalidBehavior())];
    }
    if ($v instanceof Definition) {
        return ['inline' => describe($v)];
    }
    if ($v instanceof TaggedIteratorArgument) {
        return ['tagged' => $v->getTag(), 'indexBy' => $v->getIndexAttribute(), 'defaultIndexMethod' => $v->getDefaultIndexMethod(),
                'defaultPriorityMethod' => $v->getDefaultPriorityMethod(), 'needsIndexes' => $v->needsIndexes()];
    }
    if ($v instanceof ServiceLocatorArgument) {
        $tagged = $v->getTaggedIteratorArgument();
        return ['locator' => $tagged ? value($tagged) : values($v->getValues())];
    }
    if ($v instanceof ServiceClosureArgument) {
        return ['closure' => values($v->getValues())];
    }
    if ($v instanceof IteratorArgument) {
        return ['iterator' => values($v->getValues())];
    }
    if ($v instanceof AbstractArgument) {
        return ['abstract' => $v->getText()];
    }
    if ($v instanceof BoundArgument) {
        return value($v->getValues()[0]);
    }
    if ($v instanceof Parameter) {
        return ['parameter' => (string) $v];
    }
    if (class_exists(Expression::class, false) && $v instanceof Expression) {
        return ['expression' => (string) $v];
    }
    if (is_array($v)) {
        return values($v);
    }
    if (is_object($v)) {
        return ['object' => get_class($v)];
    }
    return ['value' => $v];
}

/** An array: a list, or a map whose entries keep their order (keys as text). */
function values(array $items)
{
    if ($items === [] || array_keys($items) === range(0, count($items) - 1)) {
        return ['list' => array_map('value', array_values($items))];
    }
    $entries = [];
    foreach ($items as $key => $item) {
        $entries[] = [(string) $key, value($item)];
    }
    return ['map' => $entries];
}

function describe(Definition $d): array
{
    $arguments = [];
    foreach ($d->getArguments() as $key => $argument) {
        $arguments[] = [(string) $key, value($argument)];
    }
    $properties = [];
    foreach ($d->getProperties() as $name => $property) {
        $properties[] = [(string) $name, value($property)];
    }
    $calls = [];
    foreach ($d->getMethodCalls() as $call) {
        $callArguments = [];
        foreach ($call[1] ?? [] as $key => $argument) {
            $callArguments[] = [(string) $key, value($argument)];
        }
        $calls[] = ['method' => $call[0], 'arguments' => $callArguments, 'returnsClone' => (bool) ($call[2] ?? false)];
    }
    $tags = [];
    foreach ($d->getTags() as $name => $entries) {
        foreach ($entries as $attributes) {
            $tags[] = ['name' => (string) $name, 'attributes' => value($attributes)];
        }
    }
    $factory = $d->getFactory();
    if (is_array($factory)) {
        $factory = ['target' => $factory[0] instanceof Reference || $factory[0] instanceof Definition ? value($factory[0]) : ['class' => $factory[0]],
                    'method' => $factory[1]];
    } elseif (is_string($factory)) {
        $factory = ['function' => $factory];
    }
    $decorated = $d->getDecoratedService();
    $bindings = [];
    foreach ($d->getBindings() as $key => $binding) {
        $bindings[] = [(string) $key, value($binding)];
    }
    $deprecation = $d->isDeprecated() ? $d->getDeprecation('%service_id%') : null;
    if ($deprecation !== null) {
        $deprecation = ['message' => $deprecation['message'], 'package' => $deprecation['package'], 'version' => $deprecation['version']];
    }
    return [
        'class' => $d->getClass(),
        'shared' => $d->isShared(),
        'lazy' => $d->isLazy(),
        'abstract' => $d->isAbstract(),
        'public' => $d->isPublic(),
        'synthetic' => $d->isSynthetic(),
        'autowire' => $d->isAutowired(),
        'autoconfigure' => $d->isAutoconfigured(),
        'arguments' => $arguments,
        'properties' => $properties,
        'calls' => $calls,
        'tags' => $tags,
        'factory' => $factory,
        'configurator' => is_array($c = $d->getConfigurator()) ? [value($c[0]), $c[1]] : $c,
        'decorates' => $decorated === null ? null : ['id' => $decorated[0], 'inner' => $decorated[1], 'priority' => $decorated[2],
                                                       'onInvalid' => invalidBehavior($decorated[3] ?? ContainerInterface::EXCEPTION_ON_INVALID_REFERENCE)],
        'deprecated' => $deprecation,
        'bindings' => $bindings,
        'instanceof' => array_keys($d->getInstanceofConditionals()),
    ];
}

/** Runs a pass; a service that fails it is recorded and left out, and the pass runs again. */
function runPass($pass, ContainerBuilder $container, array &$refused): void
{
    for ($attempt = 0; $attempt < 1000; $attempt++) {
        try {
            $pass->process($container);
            return;
        } catch (\Throwable $e) {
            if (preg_match('/^Service "([^"]+)": /', $e->getMessage(), $m) && $container->hasDefinition($m[1])) {
                $refused[$m[1]] = $e->getMessage();
                $container->removeDefinition($m[1]);
                continue;
            }
            if (preg_match('/^Service definition "([^"]+)" /', $e->getMessage(), $m) && $container->hasDefinition($m[1])) {
                $refused[$m[1]] = $e->getMessage();
                $container->removeDefinition($m[1]);
                continue;
            }
            $refused['*'] = $e->getMessage();
            return;
        }
    }
}

function read(string $root, string $file): array
{
    RecordingYamlFileLoader::$resources = [];
    $container = new ContainerBuilder();
    // The aliases every ContainerBuilder starts with: any alias left came from the file.
    $container->removeAlias('Psr\\Container\\ContainerInterface');
    $container->removeAlias('Symfony\\Component\\DependencyInjection\\ContainerInterface');
    $loader = new RecordingYamlFileLoader($container, new FileLocator(dirname("$root/$file")));
    $result = ['engine' => 'symfony/dependency-injection 5.4', 'file' => $file];
    try {
        $loader->load(basename($file));
    } catch (\Throwable $e) {
        $result['error'] = preg_replace('/"[^"]*' . preg_quote(basename($file), '/') . '"/', '"' . $file . '"', $e->getMessage());
        return $result;
    }
    $refused = [];
    runPass(new ResolveClassPass(), $container, $refused);
    runPass(new ResolveChildDefinitionsPass(), $container, $refused);
    $services = [];
    foreach ($container->getDefinitions() as $id => $definition) {
        if ($id === 'service_container') {
            continue;
        }
        $services[$id] = describe($definition);
    }
    ksort($services, SORT_STRING);
    $aliases = [];
    foreach ($container->getAliases() as $id => $alias) {
        $aliases[$id] = ['target' => (string) $alias, 'public' => $alias->isPublic(),
                         'deprecated' => $alias->isDeprecated() ? array_intersect_key($alias->getDeprecation('%alias_id%'), ['message' => 1, 'package' => 1, 'version' => 1]) : null];
    }
    ksort($aliases, SORT_STRING);
    $result['services'] = (object) $services;
    $result['aliases'] = (object) $aliases;
    $result['resources'] = RecordingYamlFileLoader::$resources;
    ksort($refused, SORT_STRING);
    $result['refused'] = (object) $refused;
    $parameters = $container->getParameterBag()->all();
    ksort($parameters, SORT_STRING);
    $result['parameters'] = (object) array_map('value', $parameters);
    return $result;
}

if ($argc < 3) {
    fwrite(STDERR, "usage: php symfony-read.php ROOT OUT FILE...\n");
    exit(2);
}
[$root, $out] = [$argv[1], $argv[2]];
foreach (array_slice($argv, 3) as $file) {
    $json = json_encode(read($root, $file), JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
    if ($json === false) {
        fwrite(STDERR, "symfony-read: $file: " . json_last_error_msg() . "\n");
        exit(1);
    }
    @mkdir(dirname("$out/$file"), 0777, true);
    file_put_contents("$out/$file.json", $json . "\n");
}
