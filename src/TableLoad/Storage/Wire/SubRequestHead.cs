using System.Text;

namespace TableLoad.Storage.Wire;

/// <summary>
/// The fixed bytes of one operation's sub-request in a changeset, by operation, as Azure.Data.Tables 12.13 sends
/// them: an insert is a POST to the table that asks for no content back; an upsert is a PUT (replace) or a PATCH
/// (merge) to the entity's address <c>table(PartitionKey='..',RowKey='..')</c> with no If-Match, which makes it
/// an insert-or-replace or insert-or-merge. The entity's address, when there is one, goes between
/// <see cref="Start"/> and <see cref="Rest"/>.
/// </summary>
internal sealed class SubRequestHead
{
    private const string PartHeaders = "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n";

    public SubRequestHead(BatchOperation operation, string tableUrl)
    {
        Method = operation switch
        {
            BatchOperation.Insert => "POST",
            BatchOperation.UpsertReplace => "PUT",
            BatchOperation.UpsertMerge => "PATCH",
        };
        InAddress = operation != BatchOperation.Insert;
        Start = Encoding.UTF8.GetBytes($"--{BatchBodyWriter.ChangesetBoundary}\r\n{PartHeaders}{Method} {tableUrl}");
        // An upsert always answers 204 without content, so the SDK sends it no Prefer header.
        var headers = InAddress
            ? "Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\nDataServiceVersion: 3.0\r\n"
            : "Content-Type: application/json\r\nAccept: application/json;odata=nometadata\r\nPrefer: return-no-content\r\nDataServiceVersion: 3.0\r\n";
        Rest = Encoding.UTF8.GetBytes($" HTTP/1.1\r\n{headers}\r\n");
    }

    /// <summary>The sub-request's HTTP method: POST, PUT or PATCH.</summary>
    public string Method { get; }

    /// <summary>Whether the request line addresses the entity by its keys (the upserts) rather than the table.</summary>
    public bool InAddress { get; }

    /// <summary>From the changeset boundary to the table's address in the request line.</summary>
    public byte[] Start { get; }

    /// <summary>From the end of the address to the blank line before the entity's JSON.</summary>
    public byte[] Rest { get; }

    public int Length => Start.Length + Rest.Length;
}
