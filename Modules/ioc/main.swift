// `ioc`: validate, graph, convert and explain swift-ioc config files, without the app's types.
// Apps embed the same commands with their type catalog: see IoCCommands.IoCTool.
import IoCCommands

IoCTool().main()
