namespace TableLoad.Proxy;

/// <summary>
/// The limits' side of a request: before forwarding, whether Azure Storage's targets (or, in Cosmos mode, the request
/// units) admit it, by what it is known to cost then; after the answer, what only the answer tells: the entities a query
/// returned (Storage), or what a point read or query costs (Cosmos).
/// </summary>
internal sealed class RequestAdmission(ProxySettings settings, TimeProvider time)
{
    // Account, table and PartitionKey (at most 1 KiB in the service) fit on the stack.
    private const int MaxPartitionIdChars = 2048;

    private readonly ScalabilityTargets _targets = new(settings, time);
    private readonly RequestUnitBudget? _budget = settings.RequestUnits is { } units ? new RequestUnitBudget(units, time) : null;

    public bool ChargesRequestUnits => _budget is not null;

    /// <summary>
    /// Judges a request before it is forwarded. Entities: what the Storage targets take now (a query's come after its
    /// answer); deletes: a batch's DELETE sub-requests or a single delete's one; charge: in Cosmos mode, what was spent
    /// to admit it (a write's whole charge, a read's least).
    /// </summary>
    /// <param name="now">The moment of the admission: the second a request-unit charge is spent from.</param>
    public Admitted Admit(RequestKind kind, in RequestAddress address, ReadOnlySpan<byte> body, DateTimeOffset now, out double admittedThisSecond)
    {
        admittedThisSecond = 0;
        var shape = kind switch
        {
            RequestKind.Batch => BatchInspector.InspectBatch(body),
            RequestKind.SingleWrite => BatchInspector.InspectEntity(body),
            RequestKind.SingleDelete => new BodyShape(1, default, default, false, 1),
            RequestKind.PointRead => new BodyShape(1, default, default, false, 0),
            RequestKind.Query or RequestKind.Other => new BodyShape(0, default, default, false, 0),
        };
        var entities = kind == RequestKind.Query ? 0 : Math.Max(shape.Operations, 1);
        if (_budget is not null)
        {
            // Cosmos DB's only throughput limit is the request units provisioned: the Storage targets do not apply.
            var charge = kind switch
            {
                RequestKind.Batch => WriteChargeModel.Rounded(EntityCharges.OfBatch(body)),
                RequestKind.SingleWrite => WriteChargeModel.Rounded(EntityCharges.OfEntity(body, out _)),
                RequestKind.SingleDelete => WriteChargeModel.Rounded(WriteChargeModel.Delete),
                RequestKind.PointRead => ReadChargeModel.PointReadMinimum,
                RequestKind.Query => ReadChargeModel.QueryBase,
                RequestKind.Other => 0,
            };
            return new Admitted(_budget.TrySpend(address.Account, charge, now, out admittedThisSecond), entities, shape.Deletes, charge);
        }

        Span<char> id = stackalloc char[MaxPartitionIdChars];
        var partition = PartitionId(kind, address, body, shape, id);
        return new Admitted(_targets.TryAdmit(address.Account, partition, entities, body.Length), entities, shape.Deletes, 0);
    }

    /// <summary>
    /// Takes what a query's answer returned from the Storage targets, or spends in Cosmos mode what a point read or
    /// query costs beyond its admission; the request's whole charge (0 in Storage mode).
    /// </summary>
    /// <param name="answerBytes">A point read's answer body, whose size prices it.</param>
    public double Settle(RequestKind kind, in RequestAddress address, double admittedCharge, long answerBytes, int queryEntities, double queryReadCharges, out double admittedThisSecond)
    {
        admittedThisSecond = 0;
        if (_budget is null)
        {
            if (kind == RequestKind.Query && queryEntities > 0)
            {
                Span<char> id = stackalloc char[MaxPartitionIdChars];
                _targets.Debit(address.Account, PartitionId(kind, address, [], default, id), queryEntities);
            }

            return 0;
        }

        var charge = kind switch
        {
            RequestKind.PointRead => WriteChargeModel.Rounded(ReadChargeModel.PointRead(answerBytes)),
            RequestKind.Query => WriteChargeModel.Rounded(ReadChargeModel.QueryBase + queryReadCharges),
            RequestKind.Batch or RequestKind.SingleWrite or RequestKind.SingleDelete or RequestKind.Other => admittedCharge,
        };
        if (charge > admittedCharge)
        {
            admittedThisSecond = _budget.Spend(address.Account, charge - admittedCharge);
        }

        return charge;
    }

    /// <summary>
    /// The partition a request addresses, "account/table/key" ("account/table/" for a query across partitions): where the Cosmos DB
    /// emulation's metrics place it.
    /// </summary>
    public static string PartitionOf(RequestKind kind, in RequestAddress address, ReadOnlySpan<byte> body)
    {
        var shape = kind switch
        {
            RequestKind.Batch => BatchInspector.InspectBatch(body),
            RequestKind.SingleWrite => BatchInspector.InspectEntity(body),
            RequestKind.SingleDelete or RequestKind.PointRead or RequestKind.Query or RequestKind.Other => default,
        };
        Span<char> id = stackalloc char[MaxPartitionIdChars];
        var partition = PartitionId(kind, address, body, shape, id);
        return partition.IsEmpty ? $"{address.Account}/{address.Table}/" : partition.ToString();
    }

    /// <summary>Charges the bytes of an answer sent to the account's egress.</summary>
    public void Egressed(ReadOnlySpan<char> account, long answerBytes) => _targets.Egressed(account, answerBytes);

    // The partition is (account, table, PartitionKey): "account/table/key" names its bucket; empty for a query that may span partitions.
    private static ReadOnlySpan<char> PartitionId(RequestKind kind, in RequestAddress address, ReadOnlySpan<byte> body, BodyShape shape, Span<char> id)
    {
        var written = 0;
        Append(id, ref written, address.Account);
        Append(id, ref written, "/");
        if (kind == RequestKind.Batch)
        {
            var tableBytes = body[shape.Table];
            written += System.Text.Encoding.ASCII.GetChars(tableBytes[..Math.Min(tableBytes.Length, id.Length - written)], id[written..]);
        }
        else
        {
            Append(id, ref written, address.Table);
        }

        Append(id, ref written, "/");
        var keyLength = kind switch
        {
            RequestKind.Batch or RequestKind.SingleWrite => shape.CopyPartitionKey(body, id[written..]),
            RequestKind.PointRead or RequestKind.SingleDelete => PartitionKeyOfRequest.CopyFromEntityAddress(address.LastSegment, id[written..]),
            RequestKind.Query => PartitionKeyOfRequest.CopyFromFilter(address.Filter, id[written..]),
            RequestKind.Other => -1,
        };
        if (kind == RequestKind.Query && keyLength < 0)
        {
            return [];
        }

        written += Math.Max(keyLength, 0);
        return id[..written];
    }

    private static void Append(Span<char> destination, ref int written, ReadOnlySpan<char> text)
    {
        var count = Math.Min(text.Length, destination.Length - written);
        text[..count].CopyTo(destination[written..]);
        written += count;
    }
}

/// <summary>Where a request goes, from its path and query string: account, table, the path's last segment (an entity's address) and a query's filter.</summary>
internal readonly record struct RequestAddress(string Path, Range AccountRange, Range TableRange, string Filter)
{
    public ReadOnlySpan<char> Account => Path.AsSpan(AccountRange);

    public ReadOnlySpan<char> Table => Path.AsSpan(TableRange);

    public ReadOnlySpan<char> LastSegment => Path.AsSpan(Path.AsSpan().TrimEnd('/').LastIndexOf('/') + 1);
}

/// <summary>The limits' decision on a request before it is forwarded, with what it counts: entities, deletes, and the request units spent to admit it.</summary>
internal readonly record struct Admitted(Admission Admission, int Entities, int Deletes, double Charge);
