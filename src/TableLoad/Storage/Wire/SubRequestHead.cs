using System.Text;
using TableLoad.Storage.Operations;

namespace TableLoad.Storage.Wire;

/// <summary>
/// The fixed bytes of one operation's sub-request in a changeset, by operation, as Azure.Data.Tables 12.13 sends
/// them: an insert is a POST to the table that asks for no content back; an upsert is a PUT (replace) or a PATCH
/// (merge) to the entity's address <c>table(PartitionKey='..',RowKey='..')</c> with no If-Match, which makes it
/// an insert-or-replace or insert-or-merge; a delete is a DELETE of the entity's address with <c>If-Match: *</c> and no body.
/// The entity's address, when there is one, goes between <see cref="Start"/> and <see cref="Rest"/>.
/// </summary>
internal sealed class SubRequestHead
{
    private const string PartHeaders = "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n";

    public SubRequestHead(TableOperation operation, string tableUrl)
    {
        Method = MethodOf(operation);
        InAddress = !operation.KeyUse().WritesOnlyNew();
        HasBody = operation.Writes();
        Start = Encoding.UTF8.GetBytes($"--{BatchBodyWriter.ChangesetBoundary}\r\n{PartHeaders}{Method} {tableUrl}");
        // An upsert always answers 204 without content, so the SDK sends it no Prefer header.
        var headers = (HasBody, InAddress) switch
        {
            (false, _) => "Accept: application/json;odata=nometadata\r\nIf-Match: *\r\nDataServiceVersion: 3.0\r\n",
            (true, true) => "Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\nDataServiceVersion: 3.0\r\n",
            (true, false) => "Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\nPrefer: return-no-content\r\nDataServiceVersion: 3.0\r\n",
        };
        // The line break before the next boundary belongs to the boundary: a part with no body still ends its blank line with one.
        Rest = Encoding.UTF8.GetBytes($" HTTP/1.1\r\n{headers}\r\n{(HasBody ? "" : "\r\n")}");
    }

    /// <summary>The sub-request's HTTP method: POST, PUT, PATCH or DELETE.</summary>
    public string Method { get; }

    /// <summary>The method the SDK sends a write or delete with, in a batch and by itself alike.</summary>
    public static string MethodOf(TableOperation operation) => WriteDefinition.Of(operation).WireMethod;

    /// <summary>Whether the request line addresses the entity by its keys (the upserts, a delete) rather than the table.</summary>
    public bool InAddress { get; }

    /// <summary>Whether the entity's JSON follows the headers: a write's; a delete has none.</summary>
    public bool HasBody { get; }

    /// <summary>From the changeset boundary to the table's address in the request line.</summary>
    public byte[] Start { get; }

    /// <summary>From the end of the address to the blank line before the entity's JSON (or the next part, for a delete).</summary>
    public byte[] Rest { get; }

    public int Length => Start.Length + Rest.Length;
}
