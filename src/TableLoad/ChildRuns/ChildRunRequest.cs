namespace TableLoad.ChildRuns;

/// <summary>One child <c>tableload run</c> for a launcher to run.</summary>
/// <param name="Child">The child's name, e.g. a cell's, as its lines are prefixed.</param>
/// <param name="Folder">
/// The parent's folder for the child's files, named as --output on <paramref name="Arguments"/>: the launcher leaves them there
/// (a launcher that runs the child elsewhere copies them in), so that compare and --resume find them.
/// </param>
/// <param name="Arguments">The child's command line, from <c>run</c> on; never a secret.</param>
internal sealed record ChildRunRequest(string Child, string Folder, IReadOnlyList<string> Arguments);
